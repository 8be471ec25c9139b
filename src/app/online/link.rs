//! Room links: `#room=CODE` (join or come back to one's seat) and `#room=CODE&watch` (watch).
//! The code is checked before anything is sent: a link that is not one is refused in words.

use engine::online::protocol::{is_code, ROOM_CODE_LEN};

/// The page fragment of a room link.
pub const FRAGMENT: &str = "#room=";

/// A room link read from the address bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomLink {
    pub code: String,
    pub watch: bool,
}

/// The longest fragment read as a room link (a code, `&watch`, and room to spare).
pub const MAX_CHARS: usize = 64;

impl RoomLink {
    /// Reads `#room=CODE` or `#room=CODE&watch` (letters of the code in either case).
    pub fn parse(fragment: &str) -> Result<RoomLink, String> {
        let Some(rest) = fragment.strip_prefix(FRAGMENT) else {
            return Err("This is not a room link.".into());
        };
        if fragment.chars().count() > MAX_CHARS {
            return Err("This room link is far too long: it is not one this game made.".into());
        }
        let (code, flag) = match rest.split_once('&') {
            Some((c, f)) => (c, Some(f)),
            None => (rest, None),
        };
        let watch =
            match flag {
                None => false,
                Some("watch") => true,
                Some(_) => return Err(
                    "This room link is not right: after the room's code it may only say &watch."
                        .into(),
                ),
            };
        let code = code.to_ascii_lowercase();
        if !is_code(&code, ROOM_CODE_LEN) {
            return Err(format!(
                "This room link is not right: a room's code has {ROOM_CODE_LEN} letters and \
                 digits. Ask for the link again."
            ));
        }
        Ok(RoomLink { code, watch })
    }

    /// The fragment for this link.
    pub fn fragment(&self) -> String {
        format!(
            "{FRAGMENT}{}{}",
            self.code,
            if self.watch { "&watch" } else { "" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_links_are_read_and_anything_else_is_refused_in_words() {
        let code = "0123456789abcdef";
        assert_eq!(
            RoomLink::parse(&format!("#room={code}")),
            Ok(RoomLink {
                code: code.into(),
                watch: false
            })
        );
        let w = RoomLink::parse(&format!("#room={}&watch", code.to_uppercase()));
        assert_eq!(
            w,
            Ok(RoomLink {
                code: code.into(),
                watch: true
            }),
            "a code typed in capitals is the same code"
        );
        assert_eq!(w.map(|l| l.fragment()), Ok(format!("#room={code}&watch")));
        for bad in [
            "#room=",
            "#room=short",
            "#room=0123456789abcdeu",
            "#room=<img src=x onerror=alert(1)>",
            "#room=../../../etc/passwd",
            "#room=0123456789abcdef&join",
            "#room=0123456789abcdef0",
            "#g=0123456789abcdef",
        ] {
            let e = RoomLink::parse(bad).err().unwrap_or_default();
            assert!(e.starts_with("This "), "{bad}: {e}");
            assert!(
                !e.contains("onerror"),
                "the link's text is not repeated: {e}"
            );
        }
        let long = format!("#room={}", "a".repeat(10_000));
        let e = RoomLink::parse(&long).err().unwrap_or_default();
        assert!(e.contains("too long"), "{e}");
    }
}
