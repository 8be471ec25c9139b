//! The size floor of the web build: macroquad (shapes, text, sound) and rapier2d (the bodies and
//! calls our table makes) with none of our code. `docs/web.md` ("What the wasm is made of")
//! compares its size with the game's; build it with the web profile:
//! `cargo build --profile web --target wasm32-unknown-unknown --example bare_probe`.

use macroquad::audio::{load_sound_from_bytes, play_sound_once};
use macroquad::prelude::*;
use rapier2d::prelude::*;

#[macroquad::main("bare probe")]
async fn main() {
    let mut world = PhysicsWorld::new();
    world.integration_parameters.length_unit = 0.01;
    world.integration_parameters.num_solver_iterations = 8;
    let floor = world.insert_body(RigidBodyBuilder::fixed().build());
    world.insert_collider(ColliderBuilder::cuboid(2.0, 0.01).build(), Some(floor));
    let mut bodies = Vec::new();
    for i in 0..12 {
        let rb = RigidBodyBuilder::dynamic()
            .translation(Vector::new(i as f32 * 0.05, 0.3))
            .rotation(0.1 * i as f32)
            .ccd_enabled(i % 2 == 0)
            .build();
        let h = world.insert_body(rb);
        let c = match i % 3 {
            0 => ColliderBuilder::ball(0.01),
            1 => ColliderBuilder::cuboid(0.02, 0.01),
            _ => ColliderBuilder::round_cuboid(0.03, 0.0005, 0.0004),
        };
        let c = c.density(1.0).friction(0.5).restitution(0.1).build();
        let ch = world.insert_collider(c, Some(h));
        bodies.push((h, ch));
    }
    // Any wav: loading one pulls in the decoder the game's synthesised sounds use.
    let mut wav = b"RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x44\xac\x00\x00\x88\x58\x01\x00\x02\x00\x10\x00data\x00\x00\x00\x00".to_vec();
    wav.resize(44, 0);
    let sound = load_sound_from_bytes(&wav).await.ok();
    loop {
        world.step();
        clear_background(DARKGRAY);
        for (h, ch) in &bodies {
            if let Some(b) = world.bodies.get(*h) {
                let p = b.translation();
                let touching = world
                    .narrow_phase
                    .contact_pair(*ch, ColliderHandle::invalid());
                let colour = if touching.is_some() { RED } else { GOLD };
                draw_circle(400.0 + p.x * 500.0, 500.0 - p.y * 500.0, 6.0, colour);
                draw_rectangle_lines(10.0, 10.0, 30.0, 20.0, 2.0, colour);
            }
        }
        draw_text(format!("{:.3}", get_time()), 20.0, 40.0, 30.0, WHITE);
        if is_mouse_button_pressed(MouseButton::Left) {
            if let Some(s) = &sound {
                play_sound_once(s);
            }
        }
        next_frame().await;
    }
}
