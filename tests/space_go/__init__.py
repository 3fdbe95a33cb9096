"""Space Go, a made-up fourth game that lives only in the tests: its own folder (its rules, its
judge side in the four parts every game has) and one registry line, with no edit of the core
or a front end (issue 21; issue 31, items 3 and 4). It is played by mail, in Discord and on
the club page by tests/pbem/test_registry.py, tests/bot/test_space_go.py and
tests/pbem/web/test_space_go.py."""
