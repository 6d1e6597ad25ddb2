//! The `weft` command: all the work is in the library's `cli::run`.

fn main() {
    std::process::exit(weft::interface::cli::run(std::env::args_os()));
}
