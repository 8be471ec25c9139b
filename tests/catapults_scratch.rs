use catapult_table::core::Launch;
use catapult_table::games::catapults::table::*;

fn env_list(k: &str, d: Vec<i32>) -> Vec<i32> {
    std::env::var(k)
        .ok()
        .map(|v| v.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or(d)
}

#[test]
fn scratch() {
    let fulcrums = env_list("F", vec![45]);
    let cubes = env_list("C", vec![15]);
    let xs = env_list("X", vec![2]);
    let angs = env_list("A", vec![2700]);
    let step: usize = std::env::var("S")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    for &ang in &angs {
        for &cx in &xs {
            for &fulcrum in &fulcrums {
                for &cube_at in &cubes {
                    let mut row = String::new();
                    let mut land = String::new();
                    let mut viol = 0;
                    let mut prev = -9999.0f32;
                    let mut frames = 0;
                    for power in (0..=1000).step_by(step) {
                        let setup = Setup {
                            resting: vec![],
                            shooter: 0,
                            cube: 0,
                            colours: vec![[255, 0, 0], [0, 0, 255]],
                        };
                        let mut b = build_with(&setup, fulcrum, cube_at);
                        let l = Launch {
                            kind: "flick".into(),
                            angle: ang,
                            power,
                            spin: 0,
                            x: cx,
                            y: fulcrum,
                        };
                        strike(&mut b, &l);
                        let c = b.cubes[0].2;
                        let mut apex = false;
                        let mut lx = f32::NAN;
                        while !b.step_frame() {
                            if let (Some((x, y, _)), Some((_, vy, _))) =
                                (b.table.pose(c), b.table.velocity(c))
                            {
                                if y > 0.03 && vy > 0.0 {
                                    apex = true;
                                }
                                if apex && lx.is_nan() && vy >= 0.0 && y < 0.03 {
                                    lx = x;
                                }
                                if apex && lx.is_nan() && y < 0.012 {
                                    lx = x;
                                }
                            }
                        }
                        frames += b.table.frames();
                        let f = facts(&b);
                        let x = f[0].args.get(2).copied().unwrap_or(9999);
                        row += &format!(" {}{}", if f[0].what == "cube" { "" } else { "*" }, x);
                        let lm = (lx * 1000.0).round();
                        land += &format!(" {}", lm);
                        if lm < prev - 3.0 {
                            viol += 1;
                        }
                        if !lm.is_nan() {
                            prev = prev.max(lm);
                        }
                    }
                    println!("A{ang} X{cx} F{fulcrum} C{cube_at}: rest{row}\n      land{land}  viol {viol} frames {frames}");
                }
            }
        }
    }
}
