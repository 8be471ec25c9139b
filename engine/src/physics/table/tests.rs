//! The physics table's unit tests: bodies, floors, settling, the kill zone and the hash.

use super::*;

fn ball_table() -> (Table, BodyId) {
    let mut t = Table::new(TableConfig::default());
    t.add_floor(-2.0, 2.0, 0.0, [0, 0, 0], 0);
    let ball = t.add(
        BodySpec::dynamic(vec![Part::circle(0.01)], 0.0, 0.3)
            .ccd()
            .friction(0.8),
    );
    (t, ball)
}

#[test]
fn same_launch_on_two_fresh_tables_gives_the_same_hash() {
    let (mut a, ba) = ball_table();
    let (mut b, bb) = ball_table();
    let (vx, vy) = super::super::launch::velocity(450, 400, 1.0, 6.0);
    a.set_velocity(ba, vx, vy, 0.0);
    b.set_velocity(bb, vx, vy, 0.0);
    a.run_to_rest();
    b.run_to_rest();
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.steps(), b.steps());
    assert!(a.settled());
}

#[test]
fn ball_settles_on_the_floor_and_kill_zone_catches_what_leaves() {
    let (mut t, ball) = ball_table();
    t.run_to_rest();
    let (_, y, _) = t.pose(ball).unwrap_or((0.0, -9.0, 0.0));
    assert!((y - 0.01).abs() < 0.002, "ball rests on the floor, y = {y}");
    let (mut t, ball) = ball_table();
    t.set_velocity(ball, 30.0, 1.0, 0.0);
    t.run_to_rest();
    assert_eq!(t.fallen(), &[ball]);
    assert!(t.is_removed(ball));
}

#[test]
fn touching_ignores_speculative_contacts_a_centimetre_away() {
    let mut t = Table::new(TableConfig::default());
    t.add_floor(-1.0, 1.0, 0.0, [0, 0, 0], 0);
    let resting = t.add(BodySpec::dynamic(vec![Part::rect(0.01, 0.01)], 0.0, 0.01));
    t.run_to_rest();
    assert!(
        t.touching(resting, 0),
        "a cube resting on the floor touches it"
    );
    let mut t = Table::new(TableConfig {
        gravity: 0.0,
        ..TableConfig::default()
    });
    let a = t.add(BodySpec::dynamic(vec![Part::rect(0.01, 0.01)], 0.0, 0.5));
    let b = t.add(BodySpec::dynamic(vec![Part::rect(0.01, 0.01)], 0.028, 0.5));
    t.step_frame();
    t.step_frame();
    assert!(!t.touching(a, b), "cubes 8 mm apart do not touch");
}

#[test]
fn speed_cap_is_raised_so_fast_shots_are_not_clipped() {
    let mut t = Table::new(TableConfig {
        gravity: 0.0,
        ..TableConfig::default()
    });
    let ball = t.add(BodySpec::dynamic(vec![Part::circle(0.01)], 0.0, 1.0));
    t.set_velocity(ball, 12.0, 0.0, 0.0);
    t.step_frame();
    let (vx, _, _) = t.velocity(ball).unwrap_or_default();
    assert!(vx > 11.9, "vx = {vx}");
}
