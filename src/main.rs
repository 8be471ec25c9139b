//! Catapult Table: the window app (desktop and web). Everything lives in `catapult_table::app`.

use catapult_table::app;

fn window_conf() -> macroquad::window::Conf {
    app::window_conf()
}

#[macroquad::main(window_conf)]
async fn main() {
    app::run().await;
}
