"""Generate the built-in card sets triad/data/houses.json and triad/data/elements.json.

Reproducible: names, titles, portraits (`art`, an icon of game-icons.net) and
banners are listed here; side values are drawn with the game's own seeded PRNG
inside each level's budget (see `triad.cards.default_budget`). Run from the
repository root:

    python tools/make_card_sets.py          # writes the two files
    python tools/make_card_sets.py --check  # exits 1 if the files differ
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from generated import write_or_check

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from triad.cards import default_budget, parse_card_set  # noqa: E402
from triad.prng import Rng  # noqa: E402

BANNERS = [
    {
        "id": "lantern",
        "name": "Lantern Guild",
        "description": "Scholars, scribes and lamplighters of the river city of Osk.",
        "emblem": "lantern",
        "color": "#d9a441",
    },
    {
        "id": "thorn",
        "name": "Order of the Thorn",
        "description": "Knights sworn to the briar keep on the northern march.",
        "emblem": "rose",
        "color": "#b23a48",
    },
    {
        "id": "tide",
        "name": "Tidewardens",
        "description": "Harbour guards, pilots and privateers of the salt coast.",
        "emblem": "wave",
        "color": "#2f7fb5",
    },
    {
        "id": "anvil",
        "name": "Anvil Clans",
        "description": "Smiths, miners and shieldbearers of the high passes.",
        "emblem": "anvil",
        "color": "#6d6a75",
    },
    {
        "id": "gale",
        "name": "Gale Riders",
        "description": "Horse lords, archers and scouts of the open steppe.",
        "emblem": "horse",
        "color": "#7fa650",
    },
    {
        "id": "veil",
        "name": "The Veil",
        "description": "Spies, seers and quiet hands who serve no crown.",
        "emblem": "eye",
        "color": "#5b4a8b",
    },
    {
        "id": "ember",
        "name": "Ember Court",
        "description": "Nobles, duellists and fire-dancers of the southern palace.",
        "emblem": "flame",
        "color": "#e0673a",
    },
    {
        "id": "wild",
        "name": "Wildfolk",
        "description": "Beasts, spirits and wanderers of the deep wood.",
        "emblem": "tree",
        "color": "#3e8a6e",
    },
]

# Names of each banner's cards, weakest first, with short titles in rank order.
NAMES = {
    "lantern": [
        "Tamsin Reed",
        "Ivo Marrow",
        "Bede Lark",
        "Ysolde Quill",
        "Corin Vale",
        "Hesper Moss",
        "Anselm Rook",
        "Wren Ashby",
        "Idris Penn",
        "Lisbet Crane",
        "Osric Fell",
        "Mira Dunmore",
        "Orla Finch",
        "Sabine Oakes",
    ],
    "thorn": [
        "Bram Holloway",
        "Gwenna Briar",
        "Rowan Hale",
        "Edda Stern",
        "Garrick Rhee",
        "Maud Carrow",
        "Helka Vorn",
        "Torvald Ness",
        "Elske Brand",
        "Ulric Hawe",
        "Isolde Varr",
        "Sable Ardent",
        "Aldric Thorne",
        "Odile Wrenfield",
    ],
    "tide": [
        "Jonah Brine",
        "Coral Wynn",
        "Fennick Salt",
        "Nerys Pike",
        "Ysa Mercer",
        "Halden Shore",
        "Teodor Skerry",
        "Marisol Keel",
        "Dunstan Reeve",
        "Ottilie Swell",
        "Caspar Wake",
        "Brisa Lowe",
        "Admira Fathom",
        "Lorcan Tidewell",
    ],
    "anvil": [
        "Pim Cobble",
        "Brunna Flint",
        "Hob Tallow",
        "Greta Ironside",
        "Dagny Forge",
        "Korvin Slate",
        "Ansgar Delve",
        "Runa Hammerlee",
        "Borin Quarry",
        "Sigrun Bellows",
        "Thane Kettleby",
        "Ingrid Coalbrand",
        "Magnar Deepstone",
        "Hilde Anvilheart",
    ],
    "gale": [
        "Sarnai Velk",
        "Tolui Brisk",
        "Aruna Steppe",
        "Batu Swiftwind",
        "Kesa Thornfield",
        "Oyun Galloway",
        "Chagan Reel",
        "Yesui Farrow",
        "Tengis Hoofmark",
        "Altani Skye",
        "Bayar Longreach",
        "Naran Drift",
        "Temur Ashkan",
        "Khulan Stormmane",
    ],
    "veil": [
        "Pippa Hush",
        "Silas Gloam",
        "Vesna Lantry",
        "Quill Morrow",
        "Ilse Shade",
        "Rook Ambry",
        "Nyssa Dusk",
        "Cato Whisperly",
        "Liesl Mirrow",
        "Evander Sloane",
        "Zara Nightfall",
        "Mordaunt Grey",
        "Seraphine Vey",
        "The Hollow Saint",
    ],
    "ember": [
        "Lucan Spark",
        "Perpetua Vane",
        "Rafe Cinderly",
        "Amara Solenne",
        "Dario Flambard",
        "Celeste Ardor",
        "Tiberio Blaze",
        "Viola Emberlyn",
        "Leontes Pyre",
        "Orsola Kindle",
        "Severin Auric",
        "Ysabeau Flare",
        "Queen Calidra",
        "Prince Ashlar",
    ],
    "wild": [
        "Burr the Hedgehog",
        "Mossback",
        "Thistle Sprite",
        "Old Greyhide",
        "Fennel Fox",
        "Bramblebear",
        "Owlmother Hoot",
        "Stagwood Hart",
        "Marsh Wisp",
        "Grimtusk",
        "Thornwyrm",
        "Elder Oakheart",
        "The Green Huntress",
        "Whisperwood Titan",
    ],
}

TITLES = {
    "lantern": [
        "Lamplighter",
        "Copyist",
        "Errand Scribe",
        "Apprentice Glazier",
        "Archivist",
        "Cartographer",
        "Star Reader",
        "Lorekeeper",
        "Master Glazier",
        "Chronicler",
        "Dean of Maps",
        "Keeper of Tongues",
        "Grand Librarian",
        "Keeper of the First Lamp",
    ],
    "thorn": [
        "Squire",
        "Hedge Guard",
        "Page of Briars",
        "Shieldbearer",
        "Lancer",
        "Knight Errant",
        "Warden of the Gate",
        "Knight of the Rose",
        "Banneret",
        "Castellan",
        "Knight Marshal",
        "Thornblade",
        "Lord Commander",
        "Keeper of the Briar",
    ],
    "tide": [
        "Deckhand",
        "Net Mender",
        "Harbour Watch",
        "Pilot",
        "Bosun",
        "Lighthouse Keeper",
        "Corsair",
        "Navigator",
        "Tide Captain",
        "Storm Chaser",
        "Commodore",
        "Reef Warden",
        "Admiral of the Coast",
        "Voice of the Deep",
    ],
    "anvil": [
        "Bellows Boy",
        "Ore Sorter",
        "Tinker",
        "Shield Maiden",
        "Journeyman Smith",
        "Tunnel Boss",
        "Runesmith",
        "Axe Thane",
        "Master of the Forge",
        "Gate Breaker",
        "Clan Elder",
        "Flamekeeper",
        "High Thane",
        "Heart of the Mountain",
    ],
    "gale": [
        "Foal Tender",
        "Outrider",
        "Herald",
        "Horse Archer",
        "Scout Captain",
        "Windcaller",
        "Falconer",
        "Lancer of the Plain",
        "Khan's Blade",
        "Sky Reader",
        "Banner Chief",
        "Storm Rider",
        "Khan of the Steppe",
        "Rider of the Last Wind",
    ],
    "veil": [
        "Pickpocket",
        "Lookout",
        "Courier",
        "Card Sharp",
        "Cutpurse Queen",
        "Forger",
        "Shadow Dancer",
        "Seer",
        "Silent Knife",
        "Spymaster",
        "Oracle of Ash",
        "Master of Masks",
        "Mother of Secrets",
        "Unseen Hand",
    ],
    "ember": [
        "Page",
        "Torchbearer",
        "Court Fencer",
        "Fire Dancer",
        "Duellist",
        "Lady-in-Waiting",
        "Flame Herald",
        "Sunward Blade",
        "Duke of Cinders",
        "High Duellist",
        "Regent",
        "Phoenix Guard",
        "Crowned Flame",
        "Heir of the Sun",
    ],
    "wild": [
        "Thicket Dweller",
        "Mossling",
        "Meadow Sprite",
        "Old Boar",
        "Trickster",
        "Hill Guardian",
        "Night Watcher",
        "Forest Lord",
        "Bog Spirit",
        "Terror of the Glen",
        "Root Serpent",
        "Eldest Tree",
        "Huntress of the Wood",
        "Walking Forest",
    ],
}

ELEMENTS = [
    {"id": "fire", "name": "Fire", "description": "Flame and heat."},
    {"id": "ice", "name": "Ice", "description": "Frost and snow."},
    {"id": "thunder", "name": "Thunder", "description": "Lightning and storm."},
    {"id": "earth", "name": "Earth", "description": "Stone and soil."},
    {"id": "poison", "name": "Poison", "description": "Venom and blight."},
    {"id": "wind", "name": "Wind", "description": "Air and gale."},
    {"id": "water", "name": "Water", "description": "Rain, river and sea."},
    {"id": "holy", "name": "Holy", "description": "Light and grace."},
]

# (name, title, element or None), four per level from 1 to 10.
ELEMENT_CARDS = [
    ("Field Mouse", "Grain Thief", None),
    ("Cinder Newt", "Hearth Lizard", "fire"),
    ("Pond Frog", "Lily Hopper", None),
    ("Dust Beetle", "Road Crawler", None),
    ("Frost Moth", "Winter Wing", "ice"),
    ("Tin Soldier", "Toy Guard", None),
    ("Bog Adder", "Marsh Fang", "poison"),
    ("Alley Cat", "Rooftop Prowler", None),
    ("Mud Golem", "Clay Sentry", None),
    ("Gust Kite", "Sky Dancer", "wind"),
    ("Cave Bat", "Echo Hunter", None),
    ("Scarecrow", "Field Keeper", None),
    ("Reef Eel", "Coral Lurker", "water"),
    ("Iron Boar", "Tusk Charger", None),
    ("Hill Troll", "Bridge Keeper", None),
    ("Spark Wasp", "Buzzing Bolt", "thunder"),
    ("Stone Tortoise", "Slow Mountain", "earth"),
    ("Grave Hound", "Crypt Watcher", None),
    ("Sand Raider", "Dune Blade", None),
    ("Lantern Ghost", "Wandering Light", None),
    ("Dawn Stag", "Morning Herald", "holy"),
    ("Clockwork Owl", "Brass Sentinel", None),
    ("Swamp Hag", "Brew Mistress", "poison"),
    ("Armoured Ape", "Jungle Brute", None),
    ("Storm Heron", "Thunder Wader", "thunder"),
    ("Glass Knight", "Mirror Blade", None),
    ("Magma Crab", "Vent Dweller", "fire"),
    ("Night Lynx", "Shadow Stalker", None),
    ("Glacier Bear", "Ice Warden", "ice"),
    ("Tower Warden", "Keep Defender", None),
    ("Cliff Roc", "Peak Hunter", "wind"),
    ("Iron Colossus", "Siege Engine", None),
    ("Tidal Serpent", "Deep Coil", "water"),
    ("Sun Priestess", "Dawn Voice", "holy"),
    ("Obsidian Drake", "Ash Wing", "earth"),
    ("Wandering Blade", "Nameless Champion", None),
    ("Phoenix Queen", "Undying Flame", "fire"),
    ("Thunder Titan", "Sky Breaker", "thunder"),
    ("World Serpent", "Root of Oceans", "water"),
    ("Last Dragon", "Eldest Wyrm", None),
]


# Each card's portrait: one icon of game-icons.net (@iconify-json/game-icons), by card name.
HOUSE_ART = {
    # Lantern Guild: scholars, scribes and lamplighters
    "Tamsin Reed": "old-lantern",
    "Ivo Marrow": "quill-ink",
    "Bede Lark": "scroll-quill",
    "Ysolde Quill": "window",
    "Corin Vale": "bookshelf",
    "Hesper Moss": "treasure-map",
    "Anselm Rook": "telescope",
    "Wren Ashby": "open-book",
    "Idris Penn": "prism",
    "Lisbet Crane": "scroll-unfurled",
    "Osric Fell": "globe",
    "Mira Dunmore": "talk",
    "Orla Finch": "book-pile",
    "Sabine Oakes": "magic-lamp",
    # Order of the Thorn: knights of the briar keep
    "Bram Holloway": "light-helm",
    "Gwenna Briar": "thorny-vine",
    "Rowan Hale": "dagger-rose",
    "Edda Stern": "shield",
    "Garrick Rhee": "barbed-spear",
    "Maud Carrow": "black-knight-helm",
    "Helka Vorn": "medieval-gate",
    "Torvald Ness": "rosa-shield",
    "Elske Brand": "knight-banner",
    "Ulric Hawe": "castle",
    "Isolde Varr": "mounted-knight",
    "Sable Ardent": "broadsword",
    "Aldric Thorne": "swords-emblem",
    # Tidewardens: harbour guards, pilots and privateers
    "Jonah Brine": "rope-coil",
    "Coral Wynn": "fishing-net",
    "Fennick Salt": "spyglass",
    "Nerys Pike": "ship-wheel",
    "Ysa Mercer": "anchor",
    "Halden Shore": "lighthouse",
    "Teodor Skerry": "pirate-flag",
    "Marisol Keel": "compass",
    "Dunstan Reeve": "captain-hat-profile",
    "Ottilie Swell": "big-wave",
    "Caspar Wake": "shooner-sailboat",
    "Brisa Lowe": "trident-shield",
    "Admira Fathom": "galleon",
    # Anvil Clans: smiths, miners and shieldbearers
    "Pim Cobble": "bellows",
    "Brunna Flint": "ore",
    "Hob Tallow": "tinker",
    "Greta Ironside": "viking-shield",
    "Dagny Forge": "blacksmith",
    "Korvin Slate": "mining-helmet",
    "Ansgar Delve": "rune-stone",
    "Runa Hammerlee": "battle-axe",
    "Borin Quarry": "anvil-impact",
    "Sigrun Bellows": "siege-ram",
    "Thane Kettleby": "dwarf-face",
    "Ingrid Coalbrand": "fire-bowl",
    "Magnar Deepstone": "dwarf-king",
    "Hilde Anvilheart": "mineral-heart",
    # Gale Riders: horse lords, archers and scouts
    "Sarnai Velk": "horseshoe",
    "Tolui Brisk": "cloaked-figure-on-horseback",
    "Aruna Steppe": "hunting-horn",
    "Batu Swiftwind": "bowman",
    "Kesa Thornfield": "walking-scout",
    "Oyun Galloway": "whirlwind",
    "Chagan Reel": "falcon-moon",
    "Yesui Farrow": "spear-feather",
    "Tengis Hoofmark": "crossed-sabres",
    "Altani Skye": "sun-cloud",
    "Bayar Longreach": "flying-flag",
    "Naran Drift": "lightning-storm",
    "Temur Ashkan": "warlord-helmet",
    "Khulan Stormmane": "tornado",
    # The Veil: spies, seers and quiet hands
    "Pippa Hush": "assassin-pocket",
    "Silas Gloam": "door-watcher",
    "Vesna Lantry": "envelope",
    "Quill Morrow": "card-ace-spades",
    "Ilse Shade": "two-coins",
    "Rook Ambry": "wax-seal",
    "Nyssa Dusk": "hooded-figure",
    "Cato Whisperly": "crystal-ball",
    "Liesl Mirrow": "cloak-dagger",
    "Evander Sloane": "spy",
    "Zara Nightfall": "smoking-orb",
    "Mordaunt Grey": "drama-masks",
    "Seraphine Vey": "secret-book",
    "The Hollow Saint": "hooded-assassin",
    # Ember Court: nobles, duellists and fire-dancers
    "Lucan Spark": "candle-flame",
    "Perpetua Vane": "torch",
    "Rafe Cinderly": "fencer",
    "Amara Solenne": "fire-silhouette",
    "Dario Flambard": "duel",
    "Celeste Ardor": "handheld-fan",
    "Tiberio Blaze": "trumpet-flag",
    "Viola Emberlyn": "shining-sword",
    "Leontes Pyre": "laurel-crown",
    "Orsola Kindle": "sword-clash",
    "Severin Auric": "stone-throne",
    "Ysabeau Flare": "fire-shield",
    "Queen Calidra": "queen-crown",
    "Prince Ashlar": "heraldic-sun",
    # Wildfolk: beasts, spirits and wanderers of the deep wood
    "Burr the Hedgehog": "hedgehog",
    "Mossback": "sprout",
    "Thistle Sprite": "fairy",
    "Old Greyhide": "boar",
    "Fennel Fox": "fox",
    "Bramblebear": "bear-head",
    "Owlmother Hoot": "owl",
    "Stagwood Hart": "stag-head",
    "Marsh Wisp": "spark-spirit",
    "Grimtusk": "boar-tusks",
    "Thornwyrm": "snake",
    "Elder Oakheart": "oak",
    "The Green Huntress": "bow-arrow",
    "Whisperwood Titan": "tree-face",
}
ELEMENT_ART = {
    "Field Mouse": "mouse",
    "Cinder Newt": "salamander",
    "Pond Frog": "frog",
    "Dust Beetle": "scarab-beetle",
    "Frost Moth": "butterfly",
    "Tin Soldier": "guards",
    "Bog Adder": "rattlesnake",
    "Alley Cat": "cat",
    "Mud Golem": "golem-head",
    "Gust Kite": "kite",
    "Cave Bat": "bat",
    "Scarecrow": "scarecrow",
    "Reef Eel": "eel",
    "Iron Boar": "boar",
    "Hill Troll": "troll",
    "Spark Wasp": "wasp-sting",
    "Stone Tortoise": "tortoise",
    "Grave Hound": "hound",
    "Sand Raider": "turban",
    "Lantern Ghost": "ghost",
    "Dawn Stag": "deer",
    "Clockwork Owl": "barn-owl",
    "Swamp Hag": "witch-face",
    "Armoured Ape": "gorilla",
    "Storm Heron": "heron",
    "Glass Knight": "shard-sword",
    "Magma Crab": "crab",
    "Night Lynx": "lynx-head",
    "Glacier Bear": "polar-bear",
    "Tower Warden": "stone-tower",
    "Cliff Roc": "eagle-head",
    "Iron Colossus": "metal-golem-head",
    "Tidal Serpent": "sea-serpent",
    "Sun Priestess": "sun-priest",
    "Obsidian Drake": "wyvern",
    "Wandering Blade": "swordman",
    "Phoenix Queen": "fire-tail",
    "Thunder Titan": "thor-hammer",
    "World Serpent": "ouroboros",
    "Last Dragon": "spiked-dragon-head",
}


def slug(name: str) -> str:
    """A card id from its name: lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def draw_sides(rng: Rng, level: int) -> list[int]:
    """Four sides within the level's budget, drawn uniformly among the allowed shapes."""
    budget = default_budget()[level - 1]
    total = rng.between(budget.min_total, budget.max_total)
    shapes = [
        (a, b, c, total - a - b - c)
        for a in range(1, budget.max_side + 1)
        for b in range(1, budget.max_side + 1)
        for c in range(1, budget.max_side + 1)
        if 1 <= total - a - b - c <= budget.max_side
    ]
    return list(shapes[rng.below(len(shapes))])


def budget_json() -> list[dict[str, int]]:
    return [
        {
            "level": b.level,
            "min_total": b.min_total,
            "max_total": b.max_total,
            "max_side": b.max_side,
        }
        for b in default_budget()
    ]


def houses() -> dict[str, object]:
    rng = Rng(0x484F55534553)  # "HOUSES"
    banner_ids = [b["id"] for b in BANNERS]
    used = {b: 0 for b in banner_ids}
    cards: list[dict[str, object]] = []
    for level in range(1, 11):
        for slot in range(11):
            banner = banner_ids[(slot + 3 * level) % 8]
            index = used[banner]
            used[banner] += 1
            name = NAMES[banner][index]
            top, right, bottom, left = draw_sides(rng, level)
            cards.append(
                {
                    "id": slug(name),
                    "name": name,
                    "title": TITLES[banner][index],
                    "level": level,
                    "top": top,
                    "right": right,
                    "bottom": bottom,
                    "left": left,
                    "affinity": banner,
                    "art": HOUSE_ART[name],
                }
            )
    return {
        "id": "houses",
        "name": "Houses",
        "description": (
            "Eight rival banners recruit for the grand tournament. 110 cards, 11 per level; "
            "each card flies one banner. Side totals per level follow the budget below, so a "
            "higher level always means a stronger card."
        ),
        "affinity_kind": "banner",
        "affinities": BANNERS,
        "budget": budget_json(),
        "cards": cards,
    }


def elements() -> dict[str, object]:
    rng = Rng(0x454C454D454E54)  # "ELEMENT"
    cards: list[dict[str, object]] = []
    for index, (name, title, element) in enumerate(ELEMENT_CARDS):
        level = index // 4 + 1
        top, right, bottom, left = draw_sides(rng, level)
        cards.append(
            {
                "id": slug(name),
                "name": name,
                "title": title,
                "level": level,
                "top": top,
                "right": right,
                "bottom": bottom,
                "left": left,
                "affinity": element,
                "art": ELEMENT_ART[name],
            }
        )
    return {
        "id": "elements",
        "name": "Elements",
        "description": (
            "Creatures of the eight elements for the Elemental rule. 40 cards, 4 per level; "
            "most have no element. Same side budget as Houses."
        ),
        "affinity_kind": "element",
        "affinities": ELEMENTS,
        "budget": budget_json(),
        "cards": cards,
    }


def render(data: dict[str, object]) -> str:
    """JSON text with one card per line, stable for diffs."""
    head = {k: v for k, v in data.items() if k != "cards"}
    lines = json.dumps(head, indent=2, ensure_ascii=False)[:-2]
    cards = data["cards"]
    assert isinstance(cards, list)
    body = ",\n".join("    " + json.dumps(c, ensure_ascii=False) for c in cards)
    return lines + ',\n  "cards": [\n' + body + "\n  ]\n}\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    status = 0
    for set_id, data in (("houses", houses()), ("elements", elements())):
        text = render(data)
        parse_card_set(json.loads(text))  # validates, budget included
        path = ROOT / "triad" / "data" / f"{set_id}.json"
        note = f"{len(data['cards'])} cards"  # type: ignore[arg-type]
        if not write_or_check(path, text, check, note):
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
