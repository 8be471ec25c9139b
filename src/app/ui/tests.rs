//! The widgets' window-free parts, tested: wrapping, cutting to fit, fitting labels, the texts
//! an opaque panel hides.

use super::*;

#[test]
fn text_is_cut_to_fit_its_width_and_line_count() {
    let ui = Ui::new();
    let size = 20.0;
    // Without a window the measure is the guess: about half the size a character.
    assert_eq!(ui.fit("Ada's turn", size, 200.0), "Ada's turn");
    let cut = ui.fit("Round 1 * Ada flicks cube 1 of 4", size, 120.0);
    assert!(
        cut.ends_with("...") && ui.measure(&cut, size) <= 120.0,
        "{cut}"
    );
    let lines = ui.wrap_at_most("one two three four five six seven eight", size, 100.0, 2);
    assert_eq!(lines.len(), 2);
    assert!(lines[1].ends_with("..."), "{lines:?}");
    assert!(lines.iter().all(|l| ui.measure(l, size) <= 100.0));
}

#[test]
fn text_under_an_opaque_panel_is_not_counted_as_shown() {
    let ui = Ui::new();
    ui.text("under", 10.0, 10.0, 20.0, TEXT);
    ui.text("beside", 300.0, 10.0, 20.0, TEXT);
    ui.cover(Area::new(0.0, 0.0, 100.0, 100.0));
    ui.text("over", 10.0, 40.0, 20.0, TEXT);
    let shown: Vec<String> = ui.probe_texts().into_iter().map(|t| t.words).collect();
    assert_eq!(shown, vec!["beside".to_string(), "over".to_string()]);
    // Clipped to the table: a label wholly outside is not shown, one half outside is cut.
    ui.set_clip(Some(Area::new(0.0, 0.0, 50.0, 50.0)));
    ui.text("outside", 100.0, 100.0, 20.0, TEXT);
    ui.text("edge", 40.0, 10.0, 20.0, TEXT);
    ui.set_clip(None);
    let t = ui.probe_texts();
    assert_eq!(t.len(), 3);
    assert_eq!(t[2].words, "edge");
    assert_eq!(t[2].area.w, 10.0);
    assert!(t[2].world && t[2].cut, "a label cut by the table's edge");
    assert!(!t[0].world);
}

/// regress: the "My designs" panel was a switched-off button under its rows, so the layout
/// check found five tap targets over it, and Tab and the screen reader met a button with no
/// words.
#[test]
fn regress_a_panel_takes_the_presses_under_it_but_is_no_button() {
    let mut ui = Ui::new();
    let panel = Area::new(100.0, 100.0, 300.0, 200.0);
    ui.block(panel);
    ui.buttons
        .push(("row".to_string(), Area::new(120.0, 120.0, 100.0, 50.0)));
    ui.labels.push("Use".to_string());
    ui.roll_frame();
    assert!(
        ui.on_controls(350.0, 250.0),
        "on the panel, beside its buttons"
    );
    assert!(ui.on_controls(150.0, 130.0), "on a button of the panel");
    assert!(!ui.on_controls(50.0, 50.0), "beside the panel");
    assert_eq!(ui.prev_buttons.len(), 1, "the panel is not a button");
    // A frame without the panel: its place is the table's again.
    ui.roll_frame();
    assert!(!ui.on_controls(350.0, 250.0));
}
