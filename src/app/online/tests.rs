//! The online client against a server in memory: a small hub on the engine's own room
//! (`engine::online::room::Room`, the server's state machine) with fake connections that can
//! drop, so the client's whole path runs without a network or a window: make a room, join it,
//! watch it, start, play a game to its end on two devices, lose the connection (a restart of
//! the server from its stored log) mid-game, a move refused, a damaged hash; and a quick match
//! through the fake's small queue (`quick`).

use super::client::{Client, Heard};
use super::wire::{Wire, WireState};
use crate::app::play::Play;
use engine::core::{Launch, LaunchKind};
use engine::online::deal::{check_replay, CHECKED};
use engine::online::protocol::{ClientFrame, Phase, SeatPlan, SeatRequest, ServerFrame, You};
use engine::online::room::Room;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

const CODE: &str = "0123456789abcdef";
/// The fake server's salt for its commitment to the seed.
const SALT: [u8; 16] = [5; 16];

/// One fake connection, as the server and the client's wire both see it.
#[derive(Default)]
struct Line {
    to_client: VecDeque<String>,
    to_server: VecDeque<String>,
    state: Option<WireState>,
    opens: u32,
    /// The client asked to open (again).
    want_open: bool,
    player: Option<usize>,
    follows: bool,
}

#[derive(Default)]
struct Net {
    lines: Vec<Line>,
    room: Option<Room>,
    /// The server is down: nothing opens.
    down: bool,
    /// Damage the hash of the next `moved` sent to this line.
    spoil_next: Option<usize>,
    /// Reveal another salt than the one committed to with the last move.
    spoil_salt: bool,
    tokens: u32,
    /// Lines waiting for a two-player quick match, with their names.
    waiters: Vec<(usize, String)>,
    /// Lines whose players asked for a rematch (`after`).
    rematch_asks: Vec<usize>,
}

type Shared = Rc<RefCell<Net>>;

struct FakeWire {
    net: Shared,
    id: usize,
}

impl Wire for FakeWire {
    fn open(&mut self) {
        let mut n = self.net.borrow_mut();
        let l = &mut n.lines[self.id];
        l.want_open = true;
        l.state = Some(if l.opens > 0 {
            WireState::Reconnecting
        } else {
            WireState::Connecting
        });
    }
    fn close(&mut self) {
        let mut n = self.net.borrow_mut();
        let l = &mut n.lines[self.id];
        l.want_open = false;
        l.state = Some(WireState::Closed);
        l.follows = false;
    }
    fn state(&self) -> WireState {
        self.net.borrow().lines[self.id]
            .state
            .unwrap_or(WireState::Closed)
    }
    fn opens(&self) -> u32 {
        self.net.borrow().lines[self.id].opens
    }
    fn send(&mut self, text: &str) -> bool {
        let mut n = self.net.borrow_mut();
        let l = &mut n.lines[self.id];
        if l.state != Some(WireState::Open) {
            return false;
        }
        l.to_server.push_back(text.to_string());
        true
    }
    fn recv(&mut self) -> Option<String> {
        self.net.borrow_mut().lines[self.id].to_client.pop_front()
    }
}

fn wire(net: &Shared) -> Box<dyn Wire> {
    let id = {
        let mut n = net.borrow_mut();
        n.lines.push(Line::default());
        n.lines.len() - 1
    };
    Box::new(FakeWire {
        net: net.clone(),
        id,
    })
}

impl Net {
    fn send(&mut self, id: usize, f: &ServerFrame) {
        self.lines[id].to_client.push_back(f.to_json());
    }

    fn broadcast(&mut self, f: &ServerFrame) {
        self.broadcast_each(|_| f.clone());
    }

    /// Each line its own version of a frame, by the player it holds (the draws it may see).
    fn broadcast_each(&mut self, frame: impl Fn(Option<usize>) -> ServerFrame) {
        let spoil = self.spoil_next.take();
        for i in 0..self.lines.len() {
            if self.lines[i].follows && self.lines[i].state == Some(WireState::Open) {
                let mut f = frame(self.lines[i].player);
                if let (Some(s), ServerFrame::Moved { hash, .. }) = (spoil, &mut f) {
                    if s == i {
                        *hash = "0000000000000000".into();
                    }
                }
                self.send(i, &f);
            }
        }
    }

    fn welcome(&mut self, id: usize, player: Option<usize>, token: Option<String>) {
        let Some(room) = self.room.as_ref() else {
            return;
        };
        let f = ServerFrame::Welcome {
            you: You {
                seats: player.map(|p| room.seats_of(p)).unwrap_or_default(),
                host: player == Some(0),
                token,
            },
            room: room.view(&|_| true, player),
        };
        self.lines[id].player = player;
        self.lines[id].follows = true;
        self.send(id, &f);
    }

    fn token(&mut self) -> String {
        self.tokens += 1;
        let c = engine::online::protocol::CODE_ALPHABET[self.tokens as usize % 32] as char;
        std::iter::repeat_n(c, engine::online::protocol::TOKEN_LEN).collect()
    }

    fn played(&mut self, p: engine::online::room::Played) {
        self.played_marked(p, false);
    }

    /// A move sent to every line, told its draws; `clock`: the turn clock played it.
    fn played_marked(&mut self, p: engine::online::room::Played, clock: bool) {
        let Some(room) = self.room.take() else {
            return;
        };
        let seed = room.seed_when_over();
        let salt = room
            .salt_when_over()
            .map(|s| if self.spoil_salt { "0".repeat(32) } else { s });
        self.broadcast_each(|player| ServerFrame::Moved {
            seq: p.seq,
            mv: p.mv.clone(),
            hash: p.hash.clone(),
            over: p.over,
            told: Some(room.tape_for(&p.notes, player)),
            seed,
            salt: salt.clone(),
            clock,
        });
        self.room = Some(room);
    }

    fn bots(&mut self) {
        while let Some(job) = self.room.as_ref().and_then(|r| r.bot_job()) {
            let seq = job.seq;
            let Some(mv) = job.think() else {
                return;
            };
            let played = self.room.as_mut().map(|r| r.play_bot(seq, mv));
            match played {
                Some(Ok(p)) => self.played(p),
                _ => return,
            }
        }
    }

    /// The server's turn: connections open, every frame sent is answered.
    fn step(&mut self) {
        if self.down {
            return;
        }
        for id in 0..self.lines.len() {
            let l = &mut self.lines[id];
            if l.want_open {
                l.want_open = false;
                l.opens += 1;
                l.state = Some(WireState::Open);
                l.to_client.clear();
                l.to_server.clear();
                l.player = None;
                l.follows = false;
            }
        }
        for id in 0..self.lines.len() {
            while let Some(text) = self.lines[id].to_server.pop_front() {
                self.answer(id, &text);
            }
        }
    }

    fn answer(&mut self, id: usize, text: &str) {
        let refuse = |n: &mut Net, why: String| n.send(id, &ServerFrame::Refused { why });
        let frame = match ClientFrame::parse(text) {
            Ok(f) => f,
            Err(e) => return refuse(self, e.0),
        };
        match frame {
            ClientFrame::Create {
                game,
                options,
                seats,
            } => {
                let token = self.token();
                match Room::create(CODE, &game, &options, &seats, 7, &token) {
                    Ok(r) => {
                        let r = r.committed(SALT);
                        self.room = Some(r);
                        self.welcome(id, Some(0), Some(token));
                    }
                    Err(e) => refuse(self, e.0),
                }
            }
            ClientFrame::Join { name, .. } => {
                let token = self.token();
                let joined = self.room.as_mut().map(|r| r.join(&name, &token));
                match joined {
                    Some(Ok(_)) => {
                        let p = self.room.as_ref().map(|r| r.players() - 1);
                        self.welcome(id, p, Some(token));
                        let seats = self.room.as_ref().map(|r| r.seat_infos(&|_| true));
                        self.broadcast(&ServerFrame::Seats {
                            seats: seats.unwrap_or_default(),
                        });
                    }
                    Some(Err(e)) => refuse(self, e.0),
                    None => refuse(self, "no such room".into()),
                }
            }
            ClientFrame::Resume { token, .. } => {
                match self.room.as_ref().and_then(|r| r.player(&token)) {
                    Some(p) => self.welcome(id, Some(p), Some(token)),
                    None => refuse(self, "this seat token does not belong to this room".into()),
                }
            }
            ClientFrame::Watch { .. } => self.welcome(id, None, None),
            ClientFrame::Start => {
                let p = self.lines[id].player.unwrap_or(usize::MAX);
                let started = self.room.as_mut().map(|r| r.start(p));
                match started {
                    Some(Ok(hash)) => {
                        if let Some(room) = self.room.take() {
                            self.broadcast_each(|player| ServerFrame::Started {
                                hash: hash.clone(),
                                told: room.setup_tape(player),
                            });
                            self.room = Some(room);
                        }
                        self.bots();
                    }
                    Some(Err(e)) => refuse(self, e.0),
                    None => {}
                }
            }
            ClientFrame::Move { seq, mv } => {
                let p = self.lines[id].player.unwrap_or(usize::MAX);
                let played = self.room.as_mut().map(|r| r.play(p, seq, &mv));
                match played {
                    Some(Ok(pl)) => {
                        self.played(pl);
                        self.bots();
                    }
                    Some(Err(e)) => refuse(self, e.0),
                    None => {}
                }
            }
            ClientFrame::Ping => self.send(id, &ServerFrame::Pong),
            // A small queue for two-player practice games (the real one: server/src/hub/queue.rs).
            ClientFrame::Quick { game, name, .. } if game == "practice" => {
                self.waiters.push((id, name));
                if self.waiters.len() == 2 {
                    let group = std::mem::take(&mut self.waiters);
                    self.seat(group, 0);
                } else {
                    self.queued();
                }
            }
            ClientFrame::Quick { .. } => refuse(self, "there is no such game here".into()),
            ClientFrame::Unqueue => {
                self.waiters.retain(|(w, _)| *w != id);
                self.send(id, &ServerFrame::Unqueued);
                self.queued();
            }
            ClientFrame::Rematch => self.rematch(id),
            ClientFrame::Ratings { game, .. } => {
                let table = self.table(&game);
                self.send(id, &table);
            }
            ClientFrame::Bots => match self.waiters.iter().position(|(w, _)| *w == id) {
                Some(i) => {
                    let me = self.waiters.remove(i);
                    self.seat(vec![me], 1);
                }
                None => refuse(
                    self,
                    "this connection is not waiting for a quick match".into(),
                ),
            },
        }
    }

    /// SIGKILL and a restart on the same store: every connection drops, the room comes back
    /// from its stored setup and moves.
    fn restart(&mut self) {
        if let Some(r) = self.room.take() {
            let moves = r
                .session()
                .map(|s| s.replay.moves.clone())
                .unwrap_or_default();
            self.room = Room::restore(CODE, &r.meta_json(), moves).ok();
        }
        for l in &mut self.lines {
            if l.state == Some(WireState::Open) {
                l.state = Some(WireState::Reconnecting);
                l.want_open = true;
            }
            l.to_client.clear();
            l.to_server.clear();
            l.follows = false;
        }
    }
}

/// One device: its client, the game it follows, what it heard.
struct Device {
    client: Client,
    play: Option<Play>,
    out_of_step: u32,
    refused: Vec<String>,
    why: Vec<String>,
    /// The seats the clock played for, and the rematch asks, as heard.
    clocked: Vec<usize>,
    rematch: Vec<Vec<usize>>,
    /// What each check of the deal said.
    deals: Vec<Result<&'static str, String>>,
}

impl Device {
    fn new(net: &Shared, entry: ClientFrame) -> Device {
        Device {
            client: Client::new(wire(net), entry),
            play: None,
            out_of_step: 0,
            refused: Vec::new(),
            why: Vec::new(),
            clocked: Vec::new(),
            rematch: Vec::new(),
            deals: Vec::new(),
        }
    }

    /// A frame: the client pumped, the game advanced (flights land), one move made when it is
    /// this device's turn.
    fn frame(&mut self, act: bool) {
        for h in self.client.pump(self.play.as_mut()) {
            match h {
                Heard::Game(p) => self.play = Some(*p),
                Heard::OutOfStep(w) => {
                    self.out_of_step += 1;
                    self.why.push(w);
                }
                Heard::Refused(why) => self.refused.push(why),
                Heard::Clock(seat) => self.clocked.push(seat),
                Heard::Rematch(asked) => self.rematch.push(asked),
                Heard::Deal(d) => self.deals.push(d),
                _ => {}
            }
        }
        let Some(p) = self.play.as_mut() else {
            return;
        };
        let t = p.update(0.5);
        assert!(t.error.is_none(), "{:?}", t.error);
        if !act || p.human_turn().is_none() {
            return;
        }
        let seat = p.human_turn().unwrap_or_default();
        if let Some(lp) = p.game().launch_prompt() {
            let launch = Launch {
                kind: LaunchKind::Catapult,
                angle: 450 + 20 * seat as i32,
                power: 520,
                ..Launch::default()
            };
            assert!(lp.check(&launch).is_ok());
            assert!(p.fire(launch).is_ok());
        } else if let Some(c) = p.game().choices().first() {
            let mv = c.mv.clone();
            assert!(p.decide(mv).is_ok());
        }
    }

    fn summary(&self) -> String {
        self.play
            .as_ref()
            .map(|p| p.driver.session.summary())
            .unwrap_or_default()
    }
}

fn seats(plans: &[SeatPlan]) -> Vec<SeatRequest> {
    plans
        .iter()
        .enumerate()
        .map(|(i, &plan)| SeatRequest {
            plan,
            name: format!("P{i}"),
        })
        .collect()
}

fn create(net: &Shared, plans: &[SeatPlan]) -> Device {
    Device::new(
        net,
        ClientFrame::Create {
            game: "practice".into(),
            options: Vec::new(),
            seats: seats(plans),
        },
    )
}

fn run(net: &Shared, devices: &mut [&mut Device], frames: usize) {
    for _ in 0..frames {
        net.borrow_mut().step();
        for d in devices.iter_mut() {
            d.frame(true);
        }
    }
}

fn over(d: &Device) -> bool {
    d.play
        .as_ref()
        .is_some_and(|p| p.is_over() && p.flight.is_none())
}

/// Host, friend and watcher up to the start of a practice game (here, invited, and a bot the
/// server plays).
fn started(net: &Shared) -> (Device, Device, Device) {
    let mut host = create(
        net,
        &[
            SeatPlan::Here,
            SeatPlan::Invited,
            SeatPlan::Bot(engine::core::Level::Normal),
        ],
    );
    run(net, &mut [&mut host], 2);
    assert!(host.client.welcomed && host.client.host);
    assert_eq!(host.client.code, CODE);
    assert_eq!(host.client.mine, vec![0]);
    assert!(!host.client.all_taken(), "the friend's seat is free");
    let mut friend = Device::new(
        net,
        ClientFrame::Join {
            room: CODE.into(),
            name: "Ben".into(),
        },
    );
    let mut watcher = Device::new(net, ClientFrame::Watch { room: CODE.into() });
    run(net, &mut [&mut host, &mut friend, &mut watcher], 2);
    assert_eq!(friend.client.mine, vec![1]);
    assert!(watcher.client.watching());
    assert!(host.client.all_taken(), "the host hears the friend joined");
    assert_eq!(host.client.seats[1].name, "Ben");
    assert!(host.play.is_none(), "nothing is played before the start");
    assert!(host.client.start());
    run(net, &mut [&mut host, &mut friend, &mut watcher], 1);
    for d in [&host, &friend, &watcher] {
        assert_eq!(d.client.phase(), Phase::Playing);
        assert!(d.play.as_ref().is_some_and(|p| p.online));
    }
    (host, friend, watcher)
}

#[test]
fn two_devices_and_a_watcher_play_a_room_to_its_end_in_step() {
    let net: Shared = Rc::default();
    let (mut host, mut friend, mut watcher) = started(&net);
    // Only this device's seats are human here: the others move on the server.
    let kinds = |d: &Device| -> Vec<bool> {
        d.play
            .as_ref()
            .map(|p| {
                p.driver
                    .session
                    .replay
                    .seats
                    .iter()
                    .map(|s| !s.is_bot())
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(kinds(&host), [true, false, false]);
    assert_eq!(kinds(&friend), [false, true, false]);
    assert_eq!(kinds(&watcher), [false, false, false]);
    for _ in 0..400 {
        run(&net, &mut [&mut host, &mut friend, &mut watcher], 1);
        if [&host, &friend, &watcher].iter().all(|d| over(d)) {
            break;
        }
    }
    for d in [&host, &friend, &watcher] {
        assert!(over(d), "every device reaches the end");
        assert_eq!(d.client.resyncs, 0, "{:?}", d.why);
        assert_eq!(d.out_of_step, 0);
        assert!(d.refused.is_empty(), "{:?}", d.refused);
    }
    let room = net.borrow();
    let server = room
        .room
        .as_ref()
        .and_then(|r| r.session())
        .map(|s| s.summary());
    assert_eq!(Some(host.summary()), server);
    assert_eq!(friend.summary(), host.summary());
    assert_eq!(watcher.summary(), host.summary());
    let moves = host
        .play
        .as_ref()
        .map(|p| p.driver.session.replay.moves.len());
    assert_eq!(moves, Some(6), "two shots for each of the three seats");
    // The deal is checked once, at the end, on every device; the replay kept here opens it.
    for d in [&host, &friend, &watcher] {
        assert_eq!(d.deals, [Ok(CHECKED)]);
        assert_eq!(d.client.deal(), Some(Ok(CHECKED)));
        let kept = d.play.as_ref().map(|p| &p.driver.session.replay);
        assert_eq!(kept.and_then(check_replay), Some(Ok(CHECKED)));
    }
    assert_eq!(
        super::deal_line(&Ok(CHECKED), true),
        "The deal was fixed before the first move: checked."
    );
}

#[test]
fn a_salt_that_does_not_open_the_commitment_is_a_warning_on_every_device() {
    let net: Shared = Rc::default();
    let (mut host, mut friend, mut watcher) = started(&net);
    net.borrow_mut().spoil_salt = true;
    for _ in 0..400 {
        run(&net, &mut [&mut host, &mut friend, &mut watcher], 1);
        if [&host, &friend, &watcher].iter().all(|d| over(d)) {
            break;
        }
    }
    for d in [&host, &friend, &watcher] {
        assert!(over(d));
        let said: Vec<String> = d.deals.iter().map(|c| super::deal_line(c, false)).collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("Warning: the deal does not match"),
            "{said:?}"
        );
        assert!(d.client.deal().is_some_and(|c| c.is_err()));
    }
}

#[test]
fn a_server_restart_mid_game_loses_nothing_and_a_shot_sent_meanwhile_is_sent_again() {
    let net: Shared = Rc::default();
    let (mut host, mut friend, mut watcher) = started(&net);
    // The host's first shot is on its way when the server dies before storing it.
    host.frame(true);
    assert!(host.play.as_ref().is_some_and(|p| p.flight.is_some()));
    {
        let mut n = net.borrow_mut();
        n.lines[0].to_server.clear();
        n.down = true;
        n.restart();
    }
    for _ in 0..5 {
        for d in [&mut host, &mut friend, &mut watcher] {
            d.frame(false);
        }
    }
    assert_eq!(host.client.wire_state(), WireState::Reconnecting);
    assert_eq!(net.borrow().room.as_ref().map(|r| r.seq()), Some(0));
    net.borrow_mut().down = false;
    for _ in 0..400 {
        run(&net, &mut [&mut host, &mut friend, &mut watcher], 1);
        if [&host, &friend, &watcher].iter().all(|d| over(d)) {
            break;
        }
    }
    for d in [&host, &friend, &watcher] {
        assert!(over(d), "the game goes on after the restart to its end");
        assert_eq!(d.client.resyncs, 0, "a restart is not a mismatch");
    }
    assert_eq!(friend.summary(), host.summary());
    assert_eq!(watcher.summary(), host.summary());
    let first = net
        .borrow()
        .room
        .as_ref()
        .and_then(|r| r.session().map(|s| s.replay.moves[0].launch.clone()));
    assert_eq!(
        first.flatten().map(|l| l.angle),
        Some(450),
        "the host's shot, sent again after the restart, is the room's first move"
    );
}

#[test]
fn a_damaged_hash_is_counted_and_the_room_loaded_again() {
    let net: Shared = Rc::default();
    let (mut host, mut friend, mut watcher) = started(&net);
    net.borrow_mut().spoil_next = Some(2);
    for _ in 0..400 {
        run(&net, &mut [&mut host, &mut friend, &mut watcher], 1);
        if [&host, &friend, &watcher].iter().all(|d| over(d)) {
            break;
        }
    }
    assert_eq!(
        watcher.client.resyncs, 1,
        "the watcher saw the damaged hash once"
    );
    assert_eq!(watcher.out_of_step, 1);
    assert_eq!(host.client.resyncs, 0);
    assert!(
        over(&watcher),
        "loaded again, it follows the game to the end"
    );
    assert_eq!(watcher.summary(), host.summary());
}

#[test]
fn a_move_the_server_refuses_loads_the_room_again_and_entering_refused_is_said() {
    let net: Shared = Rc::default();
    let (mut host, mut friend, _watcher) = started(&net);
    // A move the room refuses (it answers a move count the room is not at).
    if let Some(p) = host.play.as_mut() {
        p.outbox.push((
            5,
            engine::core::Move::shot(
                0,
                Launch {
                    kind: LaunchKind::Catapult,
                    angle: 450,
                    power: 500,
                    ..Launch::default()
                },
            ),
        ));
    }
    run(&net, &mut [&mut host, &mut friend], 5);
    assert!(
        host.refused
            .iter()
            .any(|r| r.contains("another move came first")),
        "{:?}",
        host.refused
    );
    assert!(host.client.welcomed, "entered again");
    assert_eq!(
        host.client.resyncs, 0,
        "a refusal is not counted as a mismatch"
    );
    // A latecomer: every invited seat is taken, watching is offered; an unknown token.
    let mut late = Device::new(
        &net,
        ClientFrame::Join {
            room: CODE.into(),
            name: "Cy".into(),
        },
    );
    let mut stranger = Device::new(
        &net,
        ClientFrame::Resume {
            room: CODE.into(),
            token: "z".repeat(26),
        },
    );
    run(&net, &mut [&mut late, &mut stranger], 2);
    let why = late.client.refusal().unwrap_or_default().to_string();
    assert!(super::client::offers_watching(&why), "{why}");
    assert_eq!(
        late.client.wire_state(),
        WireState::Closed,
        "it stops knocking"
    );
    late.client
        .enter_as(ClientFrame::Watch { room: CODE.into() });
    run(&net, &mut [&mut late], 2);
    assert!(late.client.watching() && late.play.is_some());
    assert!(
        stranger.client.token().is_none(),
        "the unknown token is forgotten"
    );
    assert!(stranger.client.refusal().is_some());
}

#[test]
fn refusals_read_as_plain_sentences() {
    assert_eq!(
        super::plain("it is seat 0's turn, not seat 1's"),
        "It is seat 0's turn, not seat 1's."
    );
    assert_eq!(super::plain("Done."), "Done.");
    assert_eq!(super::plain(""), "The server refused that.");
}

mod after;
mod quick;
