"""SH-3 board model: the topology data agrees with the spec's tables."""

from game.games.stronghold import board as b


def test_sh_3_2_paths_and_forward_links():
    assert len(b.PATHS) == 21 and len(set(b.PATHS.values())) == 21
    for src, dsts in b.FORWARD.items():
        for dst in dsts:
            assert (src, dst) in b.PATH_OF  # every forward link is a path with a trap space
    assert sorted(b.PATHS.values()) == sorted((s, d) for s, ds in b.FORWARD.items() for d in ds)
    assert b.FORWARD["R6"] == ("S7", "S8", "R7") and "R7" not in b.FORWARD["GE"]


def test_sh_3_2_2_drover_and_3_2_3_rope_links():
    for r, links in b.DROVER.items():
        for x in links:
            assert b.SIDE[x] == b.SIDE[r]
            if x in b.RAMPARTS:
                assert r in b.DROVER[x]  # both directions between ramparts
    assert b.DROVER["R7"] == ("R6",)
    assert "S5" not in b.ROPE["S4"] and "S4" not in b.ROPE["S5"]  # never across the barbican


def test_sh_3_3_sides_and_3_4_sections():
    assert [x for x in b.SECTIONS if b.SIDE[x] == "W"] == ["S1", "S2", "S3", "S4"]
    assert sum(b.SECTION_INV.values()) == 41 and b.SIEGE_SLOTS == ("S2", "S3", "S6", "S8")
    assert b.SECTION_TOWERS["S4"] == ("T34", "TGW") and b.SECTION_TOWERS["S5"] == ("TGE", "T56")
    for sec, towers in b.SECTION_TOWERS.items():
        assert all(b.SIDE[t] == b.SIDE[sec] for t in towers)


def test_sh_3_6_and_3_7_target_tables():
    assert b.RAMPART_SECTIONS == {
        "R1": ("S1", "S2"), "R2": ("S2", "S3"), "R3": ("S3", "S4"), "R4": ("S5", "S6"),
        "R5": ("S6", "S7"), "R6": ("S7", "S8"), "R7": ("S8", "S9"),
    }  # fmt: skip
    for r, tower in b.OPPOSITE.items():  # each rampart faces the tower between its sections
        assert set(b.RAMPART_SECTIONS[r]) == set(b.TOWER_SECTIONS[tower])
    assert [t for t in b.TOWERS if "BF" in b.CANNON_TARGETS[t]] == ["TGW", "TGE"]
    assert [t for t in b.TOWERS if "BF" in b.ARCHER_TARGETS[t]] == ["TGW", "TGE"]
    assert [x for x in b.SECTIONS if "BF" in b.ARCHER_TARGETS[x]] == ["S4", "S5"]
    assert b.ARCHER_TARGETS["T67"] == ("R4", "R5", "R6")
    assert set(b.FORTIFIED).isdisjoint(b.OPPOSITE.values())  # never a goblin target


def test_sh_3_8_defender_links():
    for pos, links in b.DEF_LINKS.items():
        for x in links:
            assert pos in b.DEF_LINKS[x] or x == b.HOSP  # links go both ways
    assert b.DEF_LINKS[b.HOSP] == ()
    assert b.HERO_LINKS["S4"] == ("S3", "CY")


def test_sh_13_6_troll_call_distances():
    assert b.DISTANCE[("GW", "S3")] == 2 and b.DISTANCE[("GE", "S9")] == 3
    assert b.DISTANCE[("R6", "S9")] == 2 and b.DISTANCE[("GW", "S5")] is None
