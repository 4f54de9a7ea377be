// Scratch: cross-tab our ladder vs Tatham's grades; time uniqueness.
use gridcsp_puzzles::families::skyscrapers::Skyscrapers;
use gridcsp_puzzles::{Family, Limits, Unique};
use std::io::BufRead;
use std::time::Instant;

fn main() {
    let f = Skyscrapers;
    let names = ["Easy", "Hard", "Extreme", "Unreasonable"];
    let mut tab = [[0usize; 4]; 4];
    let mut rows = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let parts: Vec<&str> = line.split('\t').collect();
        if parts.len() < 3 { continue; }
        let id = parts[0];
        let tg = names.iter().position(|&n| n == parts[1]).unwrap_or(9);
        let tt: f64 = parts[2].parse().unwrap();
        let p = f.parse(id).unwrap();
        let mut best = f64::MAX; let mut nodes = 0;
        for _ in 0..3 {
            let t = Instant::now();
            let (u, st) = f.uniqueness(&p, &Limits::default());
            let Unique::Unique(s) = u else { panic!("{id}: {u:?}") };
            assert!(f.check(&p, &s).is_empty());
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
            nodes = st.nodes;
        }
        let g = f.grade(&p, &Limits::default()).unwrap().rank;
        if tg < 4 { tab[tg][g] += 1; }
        rows.push((id.to_owned(), tg, g, tt, best, nodes));
        println!("{id}\t{}\t{}\t{tt:.0}\t{best:.0}\t{nodes}", parts[1], names[g]);
    }
    eprintln!("tatham \\ ours: e h x u");
    for (i, r) in tab.iter().enumerate() { eprintln!("{:>12} {:?}", names[i], r); }
}
