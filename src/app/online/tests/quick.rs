//! A quick match against the fake server's small queue (two-player practice games): two devices
//! seated together and played to the end, one alone taking the bots offered, one leaving the
//! queue, a refused quick and a refusal while waiting.

use super::*;
use engine::online::room::QuickSeat;

impl Net {
    /// Every waiter told how many wait.
    pub(super) fn queued(&mut self) {
        let waiting = self.waiters.len() as u64;
        for (id, _) in self.waiters.clone() {
            self.send(
                id,
                &ServerFrame::Queued {
                    game: "practice".into(),
                    players: 2,
                    waiting,
                },
            );
        }
    }

    /// The server's offer of bots to a waiter.
    pub(super) fn offer_bots(&mut self, id: usize) {
        let waiting = self.waiters.len() as u64;
        self.send(
            id,
            &ServerFrame::OfferBots {
                game: "practice".into(),
                players: 2,
                waiting,
            },
        );
    }

    /// A new started room for these waiters and `bots` bots: each welcomed with its seat.
    pub(super) fn seat(&mut self, group: Vec<(usize, String)>, bots: usize) {
        let mut seats = Vec::new();
        let mut tokens = Vec::new();
        for (_, name) in &group {
            let token = self.token();
            tokens.push(token.clone());
            seats.push(QuickSeat::Player {
                name: name.clone(),
                token,
                device: None,
                aid: None,
            });
        }
        seats.extend(std::iter::repeat_n(QuickSeat::Bot, bots));
        self.room = Room::quick(CODE, "practice", &seats, 11).ok();
        for ((id, _), token) in group.iter().zip(tokens) {
            let p = self.room.as_ref().and_then(|r| r.player(&token));
            self.welcome(*id, p, Some(token));
        }
        self.bots();
    }
}

pub(super) fn quick(net: &Shared, name: &str) -> Device {
    Device::new(
        net,
        ClientFrame::Quick {
            game: "practice".into(),
            name: name.into(),
            players: Some(2),
            device: Some(format!("device-of-{name}-0123456789")),
            aid: None,
        },
    )
}

pub(super) fn play_out(net: &Shared, devices: &mut [&mut Device]) {
    for _ in 0..400 {
        run(net, devices, 1);
        if devices.iter().all(|d| over(d)) {
            break;
        }
    }
    for d in devices.iter() {
        assert!(over(d), "every device reaches the end");
        assert_eq!(d.client.resyncs, 0, "{:?}", d.why);
        assert!(d.refused.is_empty(), "{:?}", d.refused);
    }
}

#[test]
fn a_quick_match_seats_two_devices_in_one_room_and_they_play_it_to_the_end() {
    let net: Shared = Rc::default();
    let mut ann = quick(&net, "Ann");
    run(&net, &mut [&mut ann], 2);
    assert_eq!(ann.client.queue(), Some((1, false)), "Ann waits alone");
    assert!(!ann.client.welcomed && ann.play.is_none());
    let mut ben = quick(&net, "Ben");
    run(&net, &mut [&mut ann, &mut ben], 2);
    for d in [&ann, &ben] {
        assert!(d.client.welcomed, "seated");
        assert_eq!(d.client.queue(), None, "no longer waiting");
        assert!(d.client.token().is_some(), "a seat token to come back with");
        assert_eq!(d.client.phase(), Phase::Playing);
        assert!(d.play.as_ref().is_some_and(|p| p.online));
    }
    let mut seats = [ann.client.mine.clone(), ben.client.mine.clone()].concat();
    seats.sort_unstable();
    assert_eq!(seats, [0, 1], "a seat each");
    play_out(&net, &mut [&mut ann, &mut ben]);
    assert_eq!(ann.summary(), ben.summary());
    // A new connection comes back to the seat (resume), not to the queue.
    net.borrow_mut().restart();
    run(&net, &mut [&mut ann], 3);
    assert!(ann.client.welcomed && ann.client.queue().is_none());
    assert!(net.borrow().waiters.is_empty());
}

#[test]
fn alone_in_the_queue_the_offer_of_bots_is_taken_and_leaving_the_queue_is_heard() {
    let net: Shared = Rc::default();
    let mut cy = quick(&net, "Cy");
    run(&net, &mut [&mut cy], 2);
    assert_eq!(cy.client.queue(), Some((1, false)));
    net.borrow_mut().offer_bots(0);
    run(&net, &mut [&mut cy], 1);
    assert_eq!(cy.client.queue(), Some((1, true)), "bots are offered");
    assert!(cy.client.send(&ClientFrame::Bots));
    run(&net, &mut [&mut cy], 2);
    assert!(cy.client.welcomed && cy.client.queue().is_none());
    let bots = cy.play.as_ref().map(|p| {
        let seats = &p.driver.session.replay.seats;
        seats.iter().filter(|s| s.is_bot()).count()
    });
    assert_eq!(bots, Some(1), "the other seat is the server's bot");
    play_out(&net, &mut [&mut cy]);
    // Dee waits, then leaves the queue: out of it, told so, no more knocking.
    let mut dee = quick(&net, "Dee");
    run(&net, &mut [&mut dee], 2);
    assert_eq!(dee.client.queue(), Some((1, false)));
    assert!(dee.client.send(&ClientFrame::Unqueue));
    run(&net, &mut [&mut dee], 2);
    assert_eq!(dee.client.queue(), None);
    assert!(dee.client.refusal().is_some());
    assert_eq!(dee.client.wire_state(), WireState::Closed);
    assert!(net.borrow().waiters.is_empty());
    assert!(dee.play.is_none(), "no game");
}

#[test]
fn a_quick_match_refused_is_said_and_a_refusal_while_waiting_keeps_the_wait() {
    let net: Shared = Rc::default();
    let mut d = Device::new(
        &net,
        ClientFrame::Quick {
            game: "nonesuch".into(),
            name: "Eve".into(),
            players: None,
            device: None,
            aid: None,
        },
    );
    run(&net, &mut [&mut d], 2);
    assert_eq!(d.client.refusal(), Some("there is no such game here"));
    assert_eq!(
        d.client.wire_state(),
        WireState::Closed,
        "it stops knocking"
    );
    let mut w = quick(&net, "Fay");
    run(&net, &mut [&mut w], 2);
    // Bots not offered yet: refused, but the wait goes on.
    assert!(w.client.send(&ClientFrame::Ping));
    net.borrow_mut().send(
        1,
        &ServerFrame::Refused {
            why: "no room with bots has been offered yet".into(),
        },
    );
    run(&net, &mut [&mut w], 1);
    assert!(w.client.refusal().is_some());
    assert_eq!(w.client.wire_state(), WireState::Open);
    net.borrow_mut().queued();
    run(&net, &mut [&mut w], 1);
    assert_eq!(w.client.refusal(), None, "the next count clears it");
    assert_eq!(w.client.queue(), Some((1, false)));
}
