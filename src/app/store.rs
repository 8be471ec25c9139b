//! Key-value storage, the trait the platform implements (`platform`) and the saves, settings,
//! hints and designs use. Apart from both, so the platform does not import the saves (which
//! import the game, which imports the platform).

/// Key-value storage: localStorage on the web, files on the desktop, a map in tests.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&mut self, key: &str);
}

/// In-memory store (tests, and the fallback when no storage works).
#[derive(Default, Debug)]
pub struct MemStore(pub std::collections::BTreeMap<String, String>);

impl Store for MemStore {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        self.0.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
}
