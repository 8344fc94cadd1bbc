-- A store file written by the first schema (user_version 0), dumped with sqlite3's iterdump.
BEGIN TRANSACTION;
CREATE TABLE actions (
    game    TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    elapsed REAL NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
INSERT INTO "actions" VALUES('g-active',0,'deal',1.0);
INSERT INTO "actions" VALUES('g-won',0,'1>2',3.5);
INSERT INTO "actions" VALUES('g-won',1,'deal',7.25);
CREATE TABLE games (
    id       TEXT PRIMARY KEY,
    player   TEXT NOT NULL REFERENCES players(token),
    level    TEXT NOT NULL,
    profile  TEXT NOT NULL,
    code     TEXT,
    deck     TEXT,
    status   TEXT NOT NULL,
    version  INTEGER NOT NULL DEFAULT 0,
    elapsed  REAL NOT NULL DEFAULT 0,
    moves    INTEGER NOT NULL DEFAULT 0,
    score    INTEGER,
    created  REAL NOT NULL,
    finished REAL
);
INSERT INTO "games" VALUES('g-won','AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA','spiderette-1-classic','standard','SD1-S1-AAAAABD',NULL,'won',2,7.25,2,510,1000.0,1100.0);
INSERT INTO "games" VALUES('g-active','AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA','spider-2-classic','timed','SP1-S2C-AAAAAAD',NULL,'active',1,1.0,1,NULL,2000.0,NULL);
CREATE TABLE players (
    token    TEXT PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}',
    created  REAL NOT NULL
);
INSERT INTO "players" VALUES('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA','{"lang": "sk", "sound": false}',1.79609196309794425959e+09);
CREATE TABLE winnable (
    code  TEXT PRIMARY KEY,
    level TEXT NOT NULL,
    line  TEXT NOT NULL
);
INSERT INTO "winnable" VALUES('SP1-S1C-AAAAAAB','spider-1-classic','["1>2"]');
CREATE INDEX games_by_player ON games(player, status, created);
COMMIT;
