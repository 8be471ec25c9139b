//! A strict pull reader for JSON that comes from outside (replay files, saves, links): the one
//! path untrusted bytes take. It never panics, never loops without consuming input, and never
//! recurses (the caller's schema decides the nesting, and our schemas are a few levels deep).
//!
//! Strict: only what the schema names is read. An unknown or misspelled key, a key given twice,
//! anything after the top-level value, comments, fractions where a whole number belongs, and
//! numbers outside the field's range are refused with the line and column. Every piece of the
//! input that a message repeats goes through [`shown`] (escaped, shortened).

use std::fmt;

/// Largest text accepted from outside (bytes). A whole 10-seat game is ~100 KB; a million moves
/// fit in ~40 MB. Checked before anything is read.
pub const MAX_BYTES: usize = 64 << 20;

/// Where reading stopped and why, in plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: usize,
    pub column: usize,
    pub msg: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.msg
        )
    }
}

pub type ReadResult<T> = Result<T, ReadError>;

/// A piece of untrusted text as a message may repeat it: in backticks, control characters and
/// anything unusual escaped (no terminal escapes get through), at most 40 characters.
pub fn shown(s: &str) -> String {
    format!("`{}`", escaped(s))
}

/// The same escaping as [`shown`], without the backticks.
pub fn escaped(s: &str) -> String {
    escape(s, Some(40))
}

/// The same escaping, never cut short: for text a tool prints as a heading (a trace's file name),
/// where two platforms' output must compare equal.
pub fn escaped_whole(s: &str) -> String {
    escape(s, None)
}

fn escape(s: &str, limit: Option<usize>) -> String {
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if Some(i) == limit {
            out.push('…');
            break;
        }
        match c {
            '`' => out.push_str("\\`"),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || is_invisible(c) => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32))
            }
            c => out.push(c),
        }
    }
    out
}

/// Characters that change how text looks without being seen (bidirectional overrides, zero
/// widths): escaped in messages like control characters.
fn is_invisible(c: char) -> bool {
    matches!(c as u32, 0x200b..=0x200f | 0x202a..=0x202e | 0x2066..=0x2069 | 0xfeff)
}

/// Checks a size before anything is read or allocated from it.
pub fn check_size(len: usize, what: &str) -> Result<(), String> {
    if len > MAX_BYTES {
        return Err(format!(
            "{what} is {len} bytes; the largest accepted is {MAX_BYTES} bytes"
        ));
    }
    Ok(())
}

/// Turns bytes into text, refusing non-UTF-8 with the place of the first bad byte.
pub fn text_of(bytes: &[u8]) -> ReadResult<&str> {
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let mut r = Reader::new("");
        // Position over the valid prefix.
        let valid = std::str::from_utf8(&bytes[..at]).unwrap_or("");
        r.b = valid.as_bytes();
        r.i = valid.len();
        r.line = 1 + valid.bytes().filter(|&b| b == b'\n').count();
        r.line_start = valid.rfind('\n').map(|p| p + 1).unwrap_or(0);
        r.error("this is not UTF-8 text (a byte that cannot start a character)".into())
    })
}

/// The reader: a position in the text and helpers that each read one JSON construct.
#[derive(Clone, Copy)]
struct Mark {
    line: usize,
    line_start: usize,
    at: usize,
}

pub struct Reader<'a> {
    b: &'a [u8],
    i: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str) -> Self {
        Reader {
            b: text.as_bytes(),
            i: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The current place, cheap to take (the column is only counted for a message).
    fn mark(&self) -> Mark {
        Mark {
            line: self.line,
            line_start: self.line_start,
            at: self.i,
        }
    }

    fn error_at(&self, m: Mark, msg: String) -> ReadError {
        // Characters, not bytes: count the bytes that start a UTF-8 character.
        let end = m.at.min(self.b.len());
        let column = 1 + self.b[m.line_start.min(end)..end]
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count();
        ReadError {
            line: m.line,
            column,
            msg,
        }
    }

    /// An error at the current position.
    pub fn error(&self, msg: String) -> ReadError {
        self.error_at(self.mark(), msg)
    }

    fn skip_ws(&mut self) {
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\n' => {
                    self.i += 1;
                    self.line += 1;
                    self.line_start = self.i;
                }
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.b.get(self.i).copied()
    }

    /// What stands at the current position, for a message.
    fn here(&mut self) -> String {
        self.skip_ws();
        let rest = &self.b[self.i..];
        if rest.is_empty() {
            return "the end of the text".into();
        }
        if rest.starts_with(b"//") || rest.starts_with(b"/*") {
            return "a comment (JSON has none)".into();
        }
        let text = std::str::from_utf8(rest).unwrap_or("");
        let c = text.chars().next().unwrap_or('?');
        let word: String = if c.is_alphanumeric() || c == '-' {
            text.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '.')
                .take(20)
                .collect()
        } else {
            c.to_string()
        };
        shown(&word)
    }

    fn expected(&mut self, what: &str) -> ReadError {
        let found = self.here();
        self.error(format!("expected {what}, found {found}"))
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// `null`, if it stands here (consumed); an absent optional value may be written so.
    pub fn null(&mut self) -> bool {
        self.skip_ws();
        if self.b[self.i..].starts_with(b"null") {
            self.i += 4;
            true
        } else {
            false
        }
    }

    /// `true` or `false`.
    pub fn bool(&mut self, what: &str) -> ReadResult<bool> {
        self.skip_ws();
        if self.b[self.i..].starts_with(b"true") {
            self.i += 4;
            return Ok(true);
        }
        if self.b[self.i..].starts_with(b"false") {
            self.i += 5;
            return Ok(false);
        }
        Err(self.expected(&format!("{what} (true or false)")))
    }

    /// Reads an object whose keys must be among `keys`. `value` is called with the key's index
    /// to read its value. Returns which keys were present. Unknown keys and a key given twice
    /// are refused, naming the key and what was expected.
    pub fn object(
        &mut self,
        what: &str,
        keys: &[&str],
        mut value: impl FnMut(&mut Self, usize) -> ReadResult<()>,
    ) -> ReadResult<Vec<bool>> {
        if !self.eat(b'{') {
            return Err(self.expected(&format!("{what} (an object in braces)")));
        }
        let mut seen = vec![false; keys.len()];
        if self.eat(b'}') {
            return Ok(seen);
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(self.expected(&format!("a key in quotes in {what}")));
            }
            let mark = self.mark();
            let key = self.string_raw(64)?;
            let Some(k) = keys.iter().position(|k| *k == key) else {
                return Err(self.error_at(
                    mark,
                    format!(
                        "unknown key {} in {what} (the keys are: {})",
                        shown(&key),
                        keys.join(", ")
                    ),
                ));
            };
            if seen[k] {
                return Err(self.error_at(
                    mark,
                    format!("key {} is given twice in {what}", shown(&key)),
                ));
            }
            seen[k] = true;
            if !self.eat(b':') {
                return Err(self.expected(&format!("`:` after key {}", shown(&key))));
            }
            value(self, k)?;
            if self.eat(b',') {
                continue;
            }
            if self.eat(b'}') {
                return Ok(seen);
            }
            return Err(self.expected(&format!("`,` or `}}` in {what}")));
        }
    }

    /// Reads an array of at most `max` items; `item` is called for each with its index.
    pub fn array(
        &mut self,
        what: &str,
        max: usize,
        mut item: impl FnMut(&mut Self, usize) -> ReadResult<()>,
    ) -> ReadResult<()> {
        if !self.eat(b'[') {
            return Err(self.expected(&format!("{what} (a list in square brackets)")));
        }
        if self.eat(b']') {
            return Ok(());
        }
        let mut n = 0;
        loop {
            if n == max {
                return Err(self.error(format!("{what} has more than {max} items")));
            }
            item(self, n)?;
            n += 1;
            if self.eat(b',') {
                continue;
            }
            if self.eat(b']') {
                return Ok(());
            }
            return Err(self.expected(&format!("`,` or `]` in {what}")));
        }
    }

    /// A string of at most `max` characters, with no control characters.
    pub fn string(&mut self, what: &str, max: usize) -> ReadResult<String> {
        if self.peek() != Some(b'"') {
            return Err(self.expected(&format!("{what} (text in quotes)")));
        }
        let mark = self.mark();
        let s = self.string_raw(max)?;
        if let Some(c) = s.chars().find(|c| c.is_control()) {
            return Err(self.error_at(
                mark,
                format!(
                    "{what} contains a control character ({})",
                    shown(&c.to_string())
                ),
            ));
        }
        Ok(s)
    }

    /// A quoted string (the opening quote is next), escapes decoded, at most `max` characters.
    fn string_raw(&mut self, max: usize) -> ReadResult<String> {
        self.skip_ws();
        self.i += 1; // the opening quote
        let mut out = String::new();
        let mut chars = 0usize;
        loop {
            if chars > max {
                return Err(self.error(format!("text longer than {max} characters")));
            }
            let Some(&c) = self.b.get(self.i) else {
                return Err(
                    self.error("the text ends inside a string (a closing `\"` is missing)".into())
                );
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    self.i += 1;
                    let ch = self.escape()?;
                    out.push(ch);
                }
                0..=0x1f => {
                    return Err(self.error(
                        "a line break or control character inside a string (write it escaped)"
                            .into(),
                    ))
                }
                _ => {
                    // One whole UTF-8 character (the text is valid UTF-8).
                    let len = utf8_len(c);
                    let end = (self.i + len).min(self.b.len());
                    let piece = std::str::from_utf8(&self.b[self.i..end]).unwrap_or("\u{fffd}");
                    out.push_str(piece);
                    self.i = end;
                }
            }
            chars += 1;
        }
    }

    fn escape(&mut self) -> ReadResult<char> {
        let Some(&e) = self.b.get(self.i) else {
            return Err(self.error("the text ends inside a string".into()));
        };
        self.i += 1;
        Ok(match e {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let hi = self.hex4()?;
                if (0xD800..0xDC00).contains(&hi) {
                    if !(self.b[self.i..].starts_with(b"\\u")) {
                        return Err(self.error("an unpaired surrogate in a `\\u` escape".into()));
                    }
                    self.i += 2;
                    let lo = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&lo) {
                        return Err(self.error("an unpaired surrogate in a `\\u` escape".into()));
                    }
                    let code = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    char::from_u32(code).unwrap_or('\u{fffd}')
                } else {
                    match char::from_u32(hi) {
                        Some(c) => c,
                        None => {
                            return Err(self.error("an unpaired surrogate in a `\\u` escape".into()))
                        }
                    }
                }
            }
            _ => {
                self.i -= 1;
                let found = self.here();
                return Err(self.error(format!("{found} cannot follow `\\` in a string")));
            }
        })
    }

    fn hex4(&mut self) -> ReadResult<u32> {
        let mut v = 0u32;
        for _ in 0..4 {
            let Some(d) = self.b.get(self.i).and_then(|&c| (c as char).to_digit(16)) else {
                return Err(self.error("`\\u` needs four hex digits".into()));
            };
            v = v * 16 + d;
            self.i += 1;
        }
        Ok(v)
    }

    /// A whole number in `lo..=hi`; fractions, exponents and leading zeros are refused.
    pub fn int(&mut self, what: &str, lo: i128, hi: i128) -> ReadResult<i128> {
        self.skip_ws();
        let mark = self.mark();
        let start = self.i;
        let neg = self.b.get(self.i) == Some(&b'-');
        if neg {
            self.i += 1;
        }
        let digits_at = self.i;
        let mut v: i128 = 0;
        let mut big = false;
        while let Some(&c) = self.b.get(self.i) {
            if !c.is_ascii_digit() {
                break;
            }
            if v > 1_000_000_000_000_000_000_000_000 {
                big = true;
            } else {
                v = v * 10 + (c - b'0') as i128;
            }
            self.i += 1;
        }
        let n_digits = self.i - digits_at;
        if n_digits == 0 {
            self.i = start;
            return Err(self.expected(&format!("{what} (a whole number)")));
        }
        let at = |msg: String| self.error_at(mark, msg);
        if n_digits > 1 && self.b[digits_at] == b'0' {
            return Err(at(format!("{what}: a number cannot start with 0")));
        }
        if matches!(self.b.get(self.i), Some(b'.' | b'e' | b'E')) {
            return Err(at(format!("{what} must be a whole number")));
        }
        let v = if neg { -v } else { v };
        if big || v < lo || v > hi {
            let text = std::str::from_utf8(&self.b[start..self.i]).unwrap_or("");
            return Err(at(format!(
                "{what} {} is out of range ({lo} to {hi})",
                shown(text)
            )));
        }
        Ok(v)
    }

    pub fn i32(&mut self, what: &str) -> ReadResult<i32> {
        Ok(self.int(what, i32::MIN as i128, i32::MAX as i128)? as i32)
    }

    pub fn i64(&mut self, what: &str) -> ReadResult<i64> {
        Ok(self.int(what, i64::MIN as i128, i64::MAX as i128)? as i64)
    }

    pub fn u32(&mut self, what: &str) -> ReadResult<u32> {
        Ok(self.int(what, 0, u32::MAX as i128)? as u32)
    }

    pub fn u64(&mut self, what: &str) -> ReadResult<u64> {
        Ok(self.int(what, 0, u64::MAX as i128)? as u64)
    }

    /// The top-level value is over: only white space may follow.
    pub fn end(&mut self) -> ReadResult<()> {
        if self.peek().is_some() {
            let found = self.here();
            return Err(self.error(format!(
                "{found} after the end of the data (only one value is allowed)"
            )));
        }
        Ok(())
    }

    /// Refuses an object that lacks a required key.
    pub fn require(
        &self,
        what: &str,
        keys: &[&str],
        seen: &[bool],
        required: &[usize],
    ) -> ReadResult<()> {
        for &k in required {
            if !seen.get(k).copied().unwrap_or(false) {
                return Err(self.error(format!(
                    "{what} lacks the key `{}`",
                    keys.get(k).copied().unwrap_or("?")
                )));
            }
        }
        Ok(())
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_point(text: &str) -> ReadResult<(i32, i32)> {
        let mut r = Reader::new(text);
        let (mut x, mut y) = (0, 0);
        let keys = ["x", "y"];
        let seen = r.object("a point", &keys, |r, k| {
            let v = r.i32(keys[k])?;
            if k == 0 {
                x = v
            } else {
                y = v
            }
            Ok(())
        })?;
        r.require("a point", &keys, &seen, &[0, 1])?;
        r.end()?;
        Ok((x, y))
    }

    fn err(text: &str) -> String {
        match read_point(text) {
            Ok(v) => panic!("{text:?} should be refused, read {v:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn reads_a_strict_object() {
        assert_eq!(read_point("{\"x\": 1, \"y\": -2}"), Ok((1, -2)));
        assert_eq!(read_point(" {\n\"y\":3,\"x\":4 }\n"), Ok((4, 3)));
    }

    #[test]
    fn refuses_with_line_and_column() {
        assert!(
            err("{\"x\":}").starts_with("line 1, column 6"),
            "{}",
            err("{\"x\":}")
        );
        assert!(err("{\"z\":1}").contains("unknown key `z`"));
        assert!(err("{\"x\":1,\"x\":2,\"y\":1}").contains("given twice"));
        assert!(err("{\"x\":1,\"y\":2} x").contains("after the end"));
        assert!(err("{\"x\":1,\"y\":2} // c").contains("comment"));
        assert!(err("{\"x\":2147483648,\"y\":2}").contains("out of range"));
        assert!(err("{\"x\":1.5,\"y\":2}").contains("whole number"));
        assert!(err("{\"x\":01,\"y\":2}").contains("start with 0"));
        assert!(err("{\"x\":1}").contains("lacks the key `y`"));
        assert!(err("{\"x\":1,\n  \"q\":2}").starts_with("line 2, column 3"));
        assert!(err("").contains("the end of the text"));
        assert!(err("{\"x\":[").contains("whole number"));
        assert!(err("{\"x\":{").contains("whole number"));
        assert!(err("{\"\u{1b}[31m\":1}").contains("control character"));
        assert!(err("{\"\\u001b[31m\":1}").contains("unknown key `\\u{1b}[31m`"));
    }

    #[test]
    fn shown_escapes_and_shortens() {
        assert_eq!(shown("a\u{1b}[2Jb"), "`a\\u{1b}[2Jb`");
        assert_eq!(shown("\u{202e}x"), "`\\u{202e}x`");
        assert!(shown(&"y".repeat(100)).ends_with("…`"));
    }

    #[test]
    fn strings_decode_escapes_and_refuse_control_characters() {
        let mut r = Reader::new("\"a\\u00e9\\ud83d\\ude00\\n\"");
        assert_eq!(r.string_raw(10), Ok("aé😀\n".to_string()));
        let mut r = Reader::new("\"a\\n\"");
        assert!(r.string("a name", 10).is_err());
        let mut r = Reader::new("\"\\ud83d\"");
        assert!(r.string("a name", 10).is_err());
        let mut r = Reader::new("\"abc");
        assert!(r.string("a name", 10).is_err());
        let mut r = Reader::new("\"abcdefghijkl\"");
        assert!(r.string("a name", 10).is_err());
    }

    #[test]
    fn not_utf8_names_the_place() {
        let e = text_of(b"{\n  \"a\xff\"}").err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("line 2, column 5: this is not UTF-8 text (a byte that cannot start a character)")
        );
    }
}
