//! Online rooms, without any network: the frames a client and the server exchange
//! (`protocol`; what they carry in `values`, read and written by `codec`) and a room's state
//! machine (`room`), which plays every move through the driver as the referee does. The server
//! (`server/`) and the app's online client both stand on this.

mod codec;
pub mod deal;
mod name_chars;
pub mod names;
pub mod protocol;
pub mod room;
mod sha256;
mod values;

/// SHA-256 (the deal's commitment; the server keys an address's daily count of rated games by
/// it rather than keep the address).
pub use sha256::sha256;
