"""The topic of every stored event and snapshot, by name.

Each string here is written into the event store beside every event of its
kind, and is how a stored event finds its class again.  They are stored
names: once an event has been written under one, it must never change, be
reused for another event, or be removed, whatever the class or module that
declares the event is later called.  A new event gets a new name here.

``league:X`` is an aggregate's topic (its snapshots are stored under it);
``league:X.Y`` is the topic of the event ``Y`` of the aggregate ``X``.
"""

from __future__ import annotations

# A game of rolls (league.domain.game; Pennant Race's): one roll per event.
GAME = "league:Game"
GAME_CREATED = "league:Game.Created"
GAME_STARTED = "league:Game.Started"
GAME_DICE_ROLLED = "league:Game.DiceRolled"
GAME_COMPLETED = "league:Game.Completed"
GAME_RESTARTED = "league:Game.Restarted"
GAME_REWOUND = "league:Game.Rewound"
GAME_REINSTATED = "league:Game.Reinstated"
GAME_VOIDED = "league:Game.Voided"
GAME_HANDS_CHANGED = "league:Game.HandsChanged"
GAME_HELD = "league:Game.Held"
GAME_HOLD_RELEASED = "league:Game.HoldReleased"
# A plate-appearance game records its injuries under this topic too.
GAME_PLAYER_INJURED = "league:Game.PlayerInjured"

# The card games' game record (league.rules.pa.game): rolls, plays and decisions.
PA_GAME = "league:PAGame"
PA_GAME_CREATED = "league:PAGame.Created"
PA_GAME_STARTED = "league:PAGame.Started"
PA_GAME_ROLLED = "league:PAGame.Rolled"
PA_GAME_PLAY_RESOLVED = "league:PAGame.PlayResolved"
PA_GAME_DECISION_MADE = "league:PAGame.DecisionMade"
PA_GAME_COMPLETED = "league:PAGame.Completed"
PA_GAME_RESTARTED = "league:PAGame.Restarted"
PA_GAME_REWOUND = "league:PAGame.Rewound"
PA_GAME_REINSTATED = "league:PAGame.Reinstated"
PA_GAME_VOIDED = "league:PAGame.Voided"
PA_GAME_HANDS_CHANGED = "league:PAGame.HandsChanged"
PA_GAME_HELD = "league:PAGame.Held"
PA_GAME_HOLD_RELEASED = "league:PAGame.HoldReleased"

# A team's staff: pitcher usage and injuries.
STAFF = "league:Staff"
STAFF_CREATED = "league:Staff.Created"
STAFF_STARTED = "league:Staff.Started"
STAFF_PITCHERS_USED = "league:Staff.PitchersUsed"
STAFF_PLAYERS_INJURED = "league:Staff.PlayersInjured"
STAFF_USAGE_REVOKED = "league:Staff.UsageRevoked"

# The league: its teams, sheets and schedule.
LEAGUE = "league:League"
LEAGUE_CREATED = "league:League.Created"
LEAGUE_STARTED = "league:League.Started"
LEAGUE_TEAM_REGISTERED = "league:League.TeamRegistered"
LEAGUE_GAMES_SCHEDULED = "league:League.GamesScheduled"
LEAGUE_GAMES_UNSCHEDULED = "league:League.GamesUnscheduled"
LEAGUE_SHEETS_RESTORED = "league:League.SheetsRestored"

# The journal of the commands that changed the league.
JOURNAL = "league:Journal"
JOURNAL_CREATED = "league:Journal.Created"
JOURNAL_STARTED = "league:Journal.Started"
JOURNAL_COMMAND_RECORDED = "league:Journal.CommandRecorded"
