//! `catapult-table-server --addr HOST:PORT --data DIR --dist DIR`: see docs/online.md.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, dir] = args.as_slice() {
        if flag == "--precompress" {
            match catapult_table_server::precompress::precompress(std::path::Path::new(dir)) {
                Ok(n) => println!("wrote {n} compressed copies (gzip by Zopfli, brotli) in {dir}"),
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(1);
                }
            }
            return;
        }
    }
    let config = match catapult_table_server::Config::parse(&args) {
        Ok(mut c) => {
            if c.database_url.is_none() {
                c.database_url = std::env::var("DATABASE_URL").ok().filter(|u| !u.is_empty());
            }
            c
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the server's threads: {e}");
            std::process::exit(1);
        }
    };
    let dist = config.dist.display().to_string();
    let served = runtime.block_on(catapult_table_server::run(config, |addr| {
        // Tests and scripts read this line to learn the port.
        println!("listening on http://{addr}/ (rooms at ws://{addr}/ws, files from {dist})");
    }));
    if let Err(e) = served {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
