//! The app's, engine's and tools' integration tests as one test binary (docs/testing.md): each
//! file here was once its own binary, linked against everything on its own; one binary with a
//! module per file compiles and links once. A test's name starts with its file's
//! (`layers::the_engine_has_no_window_or_sound_stack`): run one file with
//! `cargo test --test it layers::`, the fuzz runs with `cargo test --release --test it fuzz_parser::
//! -- --ignored`. The folders beside this one (tests/compat, tests/golden, tests/e2e, tests/wasm)
//! are data and the browser tests; `support` (tests/it/support) is code several files use.
//! A test that changes what the whole process shares (environment variables, the working folder,
//! a global allocator) must not live here: it gets its own file in tests/ (engine/tests/room_memory.rs
//! counts allocations and is its own binary for that reason).

/// Code several test files use: the Assault fixtures and the workspace's sources as text.
mod support {
    pub mod assault;
    pub mod source;
}

mod aim_without_sight;
mod app_shape;
mod assault_bot;
mod assault_physics;
mod assault_rules;
mod assault_selfplay;
mod assault_tables;
mod bot_budgets;
mod bot_hidden_info;
mod bot_levels;
mod bot_slices;
mod carcassonne_catapult;
mod carcassonne_physics;
mod carcassonne_rules;
mod carcassonne_selfplay;
mod castle_bot;
mod castle_physics;
mod castle_rules;
mod castle_selfplay;
mod catapults_physics;
mod catapults_rules;
mod catapults_selfplay;
mod challenge;
mod compat;
mod determinism;
mod determinism_golden;
mod docs_paths;
mod driver;
mod event_lines;
mod event_pieces;
mod feud_physics;
mod feud_refusals;
mod feud_rules;
mod feud_selfplay;
mod file_sizes;
mod fixture_game;
mod foundation;
mod framing;
mod fuzz_games;
mod fuzz_parser;
mod fuzz_shots;
mod game_ids;
mod hidden_info;
mod hostile_referee;
mod layers;
mod link_codec;
mod link_referee;
mod machine_paths;
mod modules;
mod newcomer_aim;
mod referee_cli;
mod server_shape;
