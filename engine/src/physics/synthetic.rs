//! Two synthetic scenes that exist before any game does: 16 cups and 36 balls, and card houses
//! with thrown cards. The benchmark times them; `referee trace --synthetic` and the web build's
//! determinism probe trace them frame by frame.

use super::{launch, BodySpec, Part, Table, TableConfig};

/// 16 cups (three 3 mm walls each, dynamic) in a row, and 36 balls (CCD) thrown at them from a
/// 6 × 6 grid on the left with varied angles and powers.
pub fn cups_and_balls() -> Table {
    let mut t = Table::new(TableConfig::default());
    t.add_floor(-2.0, 2.0, 0.0, [90, 70, 50], 1);
    for i in 0..16 {
        let x = -1.2 + 0.16 * i as f32;
        let parts = vec![
            Part::rect(0.028, 0.0015).at(0.0, 0.0015),
            Part::rect(0.0015, 0.03).at(-0.0265, 0.03),
            Part::rect(0.0015, 0.03).at(0.0265, 0.03),
        ];
        t.add(
            BodySpec::dynamic(parts, x, 0.0)
                .density(300.0)
                .friction(0.6)
                .tag(2),
        );
    }
    let mut balls = Vec::new();
    for i in 0..36 {
        let x = -1.9 + 0.03 * (i % 6) as f32;
        let y = 0.05 + 0.03 * (i / 6) as f32;
        balls.push(
            t.add(
                BodySpec::dynamic(vec![Part::circle(0.01)], x, y)
                    .density(100.0)
                    .friction(0.6)
                    .restitution(0.3)
                    .ccd()
                    .tag(3),
            ),
        );
    }
    for (i, &b) in balls.iter().enumerate() {
        let angle = 350 + (i as i32 * 37) % 300;
        let power = 300 + (i as i32 * 53) % 700;
        let (vx, vy) = launch::velocity(angle, power, 1.0, 6.0);
        t.set_velocity(b, vx, vy, 0.0);
    }
    t
}

/// 10 two-storey card houses (two A-frames, a flat card, an A-frame on top: 7 cards each), and 10
/// cards thrown at them at 3 m/s with spin: 80 thin rounded cards at 480 Hz (8 substeps).
pub fn card_houses() -> Table {
    const L: f32 = 0.089;
    const T: f32 = 0.001;
    let mut t = Table::new(TableConfig {
        substeps: 8,
        ..TableConfig::default()
    });
    t.add_floor(-2.0, 2.0, 0.0, [90, 70, 50], 1);
    let card = || Part::rect(L / 2.0, T / 2.0).rounded(0.4 * T);
    let theta = 70.0f32.to_radians();
    let (s, c) = (libm::sinf(theta), libm::cosf(theta));
    let a_frame = |t: &mut Table, cx: f32, y0: f32| {
        let dx = L / 2.0 * c + T / 2.0 / s;
        let y = y0 + L / 2.0 * s + T / 2.0 * c;
        for (x, a) in [(cx - dx, theta), (cx + dx, core::f32::consts::PI - theta)] {
            t.add(
                BodySpec::dynamic(vec![card()], x, y)
                    .angle(a)
                    .density(20.0)
                    .friction(0.6)
                    .tag(4),
            );
        }
        y0 + L * s + T * c
    };
    for h in 0..10 {
        let cx = -1.35 + 0.3 * h as f32;
        let gap = L * c + 0.002 + T / s;
        let top = a_frame(&mut t, cx - gap, 0.0);
        a_frame(&mut t, cx + gap, 0.0);
        t.add(
            BodySpec::dynamic(vec![card()], cx, top + T / 2.0)
                .density(20.0)
                .friction(0.6)
                .tag(4),
        );
        a_frame(&mut t, cx, top + T);
    }
    let mut thrown = Vec::new();
    for h in 0..10 {
        let cx = -1.35 + 0.3 * h as f32;
        thrown.push(
            t.add(
                BodySpec::dynamic(vec![card()], cx - 0.13, 0.12)
                    .density(20.0)
                    .friction(0.6)
                    .ccd()
                    .fast_rotation()
                    .tag(5),
            ),
        );
    }
    for (i, &b) in thrown.iter().enumerate() {
        let (vx, vy) = launch::velocity(3500 + (i as i32 * 7) % 60, 500, 1.0, 5.0);
        t.set_velocity(b, vx, vy, launch::spin(400, 30.0));
    }
    t
}

/// Every synthetic scene run to rest, one line per frame with the table hash: a determinism
/// trace that exists before any game does (`referee trace --synthetic`).
pub fn synthetic_trace() -> Vec<String> {
    let mut out = Vec::new();
    for (name, mut table) in [
        ("cups-and-balls", cups_and_balls()),
        ("card-houses", card_houses()),
    ] {
        out.push(format!("== synthetic {name}"));
        loop {
            let done = table.step_frame();
            out.push(format!(
                "frame {} steps {} hash {:016x} fallen {}",
                table.frames(),
                table.steps(),
                table.hash(),
                table.fallen().len()
            ));
            if done {
                break;
            }
        }
    }
    out
}
