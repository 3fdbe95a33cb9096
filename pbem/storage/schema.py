"""The judge's schema as numbered steps, written once for SQLite and PostgreSQL
(pbem.storage.migrations runs them).

To change the schema (the Discord front end's tables, a new column): append a step at the end,
never edit one that has shipped, write it in the SQL both databases take, with `{id}`, `{blob}`
and `{real}` for the column types that differ (see `pbem.storage.database.TYPES`), and add any
new table to `pbem.storage.migrations.TABLES` in the order of its foreign keys (`copy-store`
copies what is listed there, and a test fails when a table is missing from it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    what: str
    script: str


STEPS: tuple[Step, ...] = (
    Step(
        "games, players, observers, orders, turns",
        """
        CREATE TABLE games (
            id {id},
            name TEXT NOT NULL {nocase},
            ruleset TEXT NOT NULL,
            options TEXT NOT NULL DEFAULT '',
            private INTEGER NOT NULL DEFAULT 0,
            phase TEXT NOT NULL CHECK (phase IN ('joining', 'setup', 'playing', 'over')),
            master_address TEXT NOT NULL,
            master_password TEXT NOT NULL,
            deadline_rule TEXT NOT NULL DEFAULT '',
            reminder_hours {real} NOT NULL DEFAULT 24,
            grace_hours {real} NOT NULL DEFAULT 0,
            missing_policy TEXT NOT NULL DEFAULT 'noactions',
            turn INTEGER NOT NULL DEFAULT 0,
            opened_at TEXT,
            deadline TEXT,
            reminded INTEGER NOT NULL DEFAULT 0,
            late_notified INTEGER NOT NULL DEFAULT 0,
            state TEXT,
            outcome TEXT,
            created_at TEXT NOT NULL,
            ended_at TEXT
        );
        CREATE TABLE players (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
            address TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            password TEXT NOT NULL,
            fleet TEXT,
            joined_at TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE observers (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            address TEXT NOT NULL,
            since TEXT NOT NULL,
            PRIMARY KEY (game_id, address)
        );
        CREATE TABLE orders (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            turn INTEGER NOT NULL,
            seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
            text TEXT NOT NULL,
            submitted_at TEXT NOT NULL,
            defaulted INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, turn, seat)
        );
        CREATE TABLE turns (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            turn INTEGER NOT NULL,
            report TEXT NOT NULL,
            state_after TEXT NOT NULL,
            adjudicated_at TEXT NOT NULL,
            PRIMARY KEY (game_id, turn)
        );
        CREATE INDEX players_by_address ON players(address);
        """,
    ),
    Step(
        "wrong passwords per game and the warning about them (pbem.steps.throttle)",
        """
        CREATE TABLE wrong_passwords (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            at TEXT NOT NULL
        );
        CREATE INDEX wrong_passwords_by_game ON wrong_passwords(game_id, at);
        CREATE TABLE password_warnings (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            warned_at TEXT NOT NULL
        );
        """,
    ),
    Step(
        # Until version 3 the mail front end made these itself, so a file may have them.
        "the mail archive and the games' mail threads",
        """
        CREATE TABLE IF NOT EXISTS mail_inbound (
            id {id},
            message_id TEXT NOT NULL,
            sender TEXT NOT NULL DEFAULT '',
            raw {blob} NOT NULL,
            size INTEGER NOT NULL,
            received_at TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'received',
            error TEXT,
            processed_at TEXT
        );
        CREATE INDEX IF NOT EXISTS mail_inbound_message_id ON mail_inbound (message_id);
        CREATE INDEX IF NOT EXISTS mail_inbound_sender ON mail_inbound (sender, received_at);
        CREATE INDEX IF NOT EXISTS mail_inbound_status ON mail_inbound (status);
        CREATE TABLE IF NOT EXISTS mail_threads (
            game TEXT PRIMARY KEY,
            root_id TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        """,
    ),
    Step(
        "several processes on one database: claims, the outbox, case-blind game names",
        """
        ALTER TABLE mail_inbound ADD COLUMN claim_key TEXT;
        UPDATE mail_inbound SET claim_key = message_id
            WHERE id IN (SELECT MIN(id) FROM mail_inbound GROUP BY message_id);
        CREATE UNIQUE INDEX mail_inbound_claim ON mail_inbound (claim_key);
        CREATE UNIQUE INDEX games_by_lower_name ON games (lower(name));
        CREATE TABLE mail_outbox (
            id {id},
            archive_id INTEGER,
            created_at TEXT NOT NULL,
            raw {blob} NOT NULL,
            sent_at TEXT
        );
        CREATE INDEX mail_outbox_unsent ON mail_outbox (sent_at, id);
        CREATE TABLE claims (
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            claimed_at TEXT NOT NULL,
            PRIMARY KEY (kind, key)
        );
        """,
    ),
    Step(
        # spaceships.judge.matches: a match's settings and its finished games, each kept whole.
        "matches: settings, the game being played, the finished games",
        """
        CREATE TABLE match_settings (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            end_rule TEXT NOT NULL,
            victory TEXT NOT NULL,
            game_number INTEGER NOT NULL DEFAULT 1,
            agreed TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE match_games (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            record TEXT NOT NULL,
            outcome TEXT NOT NULL,
            PRIMARY KEY (game_id, number)
        );
        """,
    ),
    Step(
        "seats played by the computer (each game's judge side): level and seed",
        """
        CREATE TABLE computers (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
            level TEXT NOT NULL,
            seed TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        """,
    ),
    Step(
        # Discord ids are 64-bit: BIGINT (SQLite's INTEGER holds them too).
        "games played by front-end accounts (Discord) and the Discord front end's records",
        """
        ALTER TABLE games ADD COLUMN accounts INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE discord_challenges (
            id {id},
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            message_id BIGINT,
            challenger_id BIGINT NOT NULL,
            challenged_id BIGINT,
            settings TEXT NOT NULL DEFAULT '',
            status TEXT NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn')),
            game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE discord_games (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            guild_id BIGINT NOT NULL,
            channel_id BIGINT NOT NULL,
            thread_id BIGINT NOT NULL UNIQUE
        );
        CREATE TABLE discord_members (
            user_id BIGINT PRIMARY KEY,
            dms_open INTEGER NOT NULL,
            checked_at TEXT NOT NULL
        );
        CREATE TABLE discord_outbox (
            id {id},
            game_id INTEGER REFERENCES games(id) ON DELETE CASCADE,
            kind TEXT NOT NULL DEFAULT '',
            turn INTEGER,
            address TEXT NOT NULL,
            message TEXT NOT NULL,
            created_at TEXT NOT NULL,
            claimed_at TEXT,
            sent_at TEXT
        );
        CREATE INDEX discord_outbox_pending ON discord_outbox (sent_at, id);
        CREATE INDEX discord_outbox_by_game ON discord_outbox (game_id, kind, turn, address);
        CREATE TABLE discord_meta (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        """,
    ),
    Step(
        # On by default: games older than the switch keep mailing their game master.
        "the game master's news switch (`news on|off`, pbem.steps.mastering)",
        """
        ALTER TABLE games ADD COLUMN master_news INTEGER NOT NULL DEFAULT 1;
        """,
    ),
    Step(
        # The club ladder (pbem.club.ladder): whether a game is rated, each player's rating per game
        # (Spaceships, Spaceship Battles, ...), each rated game's changes, and the links of a
        # mail address with a Discord member made by a one-time code (pbem.club.links).
        "the ladder: rated games, ratings, rating changes, linked identities, rematches",
        """
        CREATE TABLE ladder_games (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            rated INTEGER NOT NULL,
            computer_rating {real}
        );
        CREATE TABLE ratings (
            game_key TEXT NOT NULL,
            player TEXT NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            mu {real} NOT NULL,
            sigma {real} NOT NULL,
            games INTEGER NOT NULL DEFAULT 0,
            wins INTEGER NOT NULL DEFAULT 0,
            losses INTEGER NOT NULL DEFAULT 0,
            draws INTEGER NOT NULL DEFAULT 0,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (game_key, player)
        );
        CREATE TABLE rating_changes (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            seat TEXT NOT NULL,
            player TEXT NOT NULL,
            game_key TEXT NOT NULL,
            before_mu {real} NOT NULL,
            before_sigma {real} NOT NULL,
            after_mu {real} NOT NULL,
            after_sigma {real} NOT NULL,
            PRIMARY KEY (game_id, number, seat)
        );
        CREATE TABLE identity_links (
            address TEXT PRIMARY KEY,
            identity TEXT NOT NULL,
            linked_at TEXT NOT NULL
        );
        CREATE TABLE link_codes (
            code TEXT PRIMARY KEY,
            address TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE rematches (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            asked_by TEXT NOT NULL,
            asked_at TEXT NOT NULL,
            new_game_id INTEGER REFERENCES games(id) ON DELETE SET NULL
        );
        """,
    ),
    Step(
        # A mail reader's own choice (`pictures on|off`, pbem.steps.settings_commands): no row is
        # the game's default (its kind's show.mail_pictures), so every judge's mail stays as it was.
        "mail settings: whether an address gets pictures with its mail",
        """
        CREATE TABLE mail_settings (
            address TEXT PRIMARY KEY,
            pictures INTEGER
        );
        """,
    ),
    Step(
        # The envelope sender (Return-Path) of each mail, beside its From: an address's hourly
        # budget counts the mail of that From and that envelope sender, so mail forging a From
        # from elsewhere spends the forger's budget, never the victim's (issue 32, item 7).
        "mail: the envelope sender of each stored message",
        """
        ALTER TABLE mail_inbound ADD COLUMN envelope_sender TEXT NOT NULL DEFAULT '';
        """,
    ),
    Step(
        # The judge's answer to a form sent in the browser, shown once on the session's next
        # page, whichever web process serves it (issue 35: several processes, no sticky
        # sessions); `session` is the signed session's own number, never a password.
        "web: each session's answers to its forms, until its next page shows them",
        """
        CREATE TABLE web_answers (
            session TEXT NOT NULL,
            command TEXT NOT NULL,
            accepted INTEGER NOT NULL,
            answer TEXT NOT NULL,
            typed TEXT NOT NULL,
            answered_at TEXT NOT NULL,
            PRIMARY KEY (session, command)
        );
        """,
    ),
    Step(
        # Tournaments (issue 45, pbem.club.tournament_store): round robin or Swiss of one game;
        # its entrants by number (their entry order), the round's games and their results.
        # `settings` are the words each game is created with; `levels` the computer's levels
        # allowed to enter; `front_end` where its games are played ('' mail, else accounts).
        "tournaments: a tournament, its entrants, each round's games and results",
        """
        CREATE TABLE tournaments (
            id {id},
            name TEXT NOT NULL UNIQUE,
            game_key TEXT NOT NULL,
            format TEXT NOT NULL,
            rounds INTEGER NOT NULL,
            round_hours {real} NOT NULL,
            rated INTEGER NOT NULL,
            levels TEXT NOT NULL DEFAULT '',
            settings TEXT NOT NULL DEFAULT '',
            master_address TEXT NOT NULL,
            master_password TEXT NOT NULL DEFAULT '',
            accounts INTEGER NOT NULL DEFAULT 0,
            phase TEXT NOT NULL,
            round INTEGER NOT NULL DEFAULT 0,
            round_deadline TEXT,
            created_at TEXT NOT NULL
        );
        CREATE TABLE tournament_players (
            tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            address TEXT NOT NULL,
            name TEXT NOT NULL,
            password TEXT NOT NULL DEFAULT '',
            withdrawn INTEGER,
            PRIMARY KEY (tournament_id, number)
        );
        CREATE TABLE tournament_games (
            tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            board INTEGER NOT NULL,
            white INTEGER NOT NULL,
            black INTEGER,
            game_id INTEGER REFERENCES games(id) ON DELETE SET NULL,
            white_score {real},
            forfeit INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (tournament_id, round, board)
        );
        """,
    ),
    Step(
        # A browser session lives as a row (its cookie's own number): signing out, "sign out
        # everywhere" and the row's end are seen by every web process at the next request, so
        # a copied cookie opens nothing once its session is over (issue 42, item 1). A one-time
        # link is a short random token whose hash is kept here with what it opens, so the
        # link fits a mail line and its second use can say why it is spent (issue 47, item 7).
        "web: sessions and one-time links kept in the store",
        """
        CREATE TABLE web_sessions (
            session TEXT PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat TEXT NOT NULL,
            expires_at TEXT NOT NULL
        );
        CREATE INDEX web_sessions_seat ON web_sessions (game_id, seat);
        CREATE TABLE web_links (
            token TEXT PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat TEXT NOT NULL,
            stamp TEXT NOT NULL,
            expires_at TEXT NOT NULL,
            used_at TEXT
        );
        """,
    ),
    Step(
        # Programs play through the API (issue 46): a token per seat (or game master), kept as
        # its SHA-256 only, with the stamp of the password it was issued under (a new password
        # voids it); and each seat's events, the judge's messages to it, numbered so a stream
        # dropped at event N resumes after N without losing one.
        "api: tokens for seats, and each seat's events",
        """
        CREATE TABLE api_tokens (
            id {id},
            hash TEXT NOT NULL UNIQUE,
            prefix TEXT NOT NULL,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat TEXT NOT NULL,
            address TEXT NOT NULL,
            stamp TEXT NOT NULL,
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        CREATE INDEX api_tokens_seat ON api_tokens (game_id, seat);
        CREATE TABLE api_events (
            id {id},
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat TEXT NOT NULL,
            kind TEXT NOT NULL,
            turn INTEGER,
            body TEXT NOT NULL,
            at TEXT NOT NULL
        );
        CREATE INDEX api_events_seat ON api_events (game_id, seat, id);
        """,
    ),
    Step(
        # Draws stored before a draw had the shared winner "draw" (issue 36) kept no winner, so
        # the club page said "no result" (issue 47, item 12): one agreed says `"drawn":true`, one
        # by the rules cites the rule that drew it ([SC11], [SC12]); a cancelled game stays as
        # it is. The outcome is JSON written without spaces (pbem.storage.store).
        'games: draws stored without a winner get the shared winner "draw"',
        """
        UPDATE games SET outcome = REPLACE(outcome, '"winner":null', '"winner":"draw"')
        WHERE phase = 'over' AND outcome LIKE '%"winner":null%'
          AND outcome NOT LIKE '%"cancelled":true%'
          AND (outcome LIKE '%"drawn":true%' OR outcome LIKE '%"reason":"%[SC1_]"%');
        """,
    ),
    Step(
        # Moments are kept to the second: observers who join in the same second are listed in
        # the order they joined (issue 47, item 12), not by address; those before keep theirs.
        "observers: the order they joined in",
        """
        ALTER TABLE observers ADD COLUMN joined INTEGER NOT NULL DEFAULT 0;
        """,
    ),
    Step(
        # What a turn played in the browser causes, kept in the turn's own transaction and
        # composed after its commit in a process of its own (pbem.web.later, issue 44): a row
        # stays until its messages are kept, so a server killed in between loses none; another
        # web process takes a row only once its claim is old (a process that died with it).
        "web: a change's messages waiting to be composed",
        """
        CREATE TABLE web_later (
            id {id},
            batch {blob} NOT NULL,
            made_at TEXT NOT NULL,
            claimed_at TEXT
        );
        """,
    ),
)

SCHEMA_VERSION = len(STEPS)
