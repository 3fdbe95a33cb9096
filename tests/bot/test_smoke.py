from bot_support import FLEET_A, FLEET_B, start_game, text_of


async def test_smoke(world):
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    r = await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    print(text_of(r), r.ephemeral)
    r = await bob.slash(thread, "spaceships fleet", text=FLEET_B)
    print(text_of(r))
    r = await alice.slash(thread, "spaceships orders", text="Rx4 Gx9")
    print(text_of(r))
    r = await alice.slash(thread, "spaceships orders", text="Rx4 Bv1")
    print(text_of(r))
    r = await bob.slash(thread, "spaceships orders", text="Rv1")
    print(text_of(r))
    for m in thread.history():
        print(
            "THREAD:",
            m.content[:200],
            [e.title for e in m.embeds],
            [a.filename for a in m.attachments],
        )
    for m in world.dms("alice"):
        print(
            "DM:", m.content[:200], [e.title for e in m.embeds], [a.filename for a in m.attachments]
        )
