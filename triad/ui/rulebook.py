"""The rulebook the Info button opens: every rule of the game in plain words, with diagrams.

It says what ../shared/RULES.md says.  Text is data (a list of sections per
language); `*word*` marks strong words.  Diagrams are small boards drawn with
the same colours and owner marks as the real cards.
"""

from triad.ui.html import esc
from triad.ui.icons import icon
from triad.ui.text import language, t


def inline(text: str) -> str:
    """Escape `text`, then turn `*word*` pairs into <strong>word</strong>."""
    parts = esc(text).split("*")
    out = []
    for i in range(len(parts)):
        if i % 2 == 1 and i < len(parts) - 1:
            out.append("<strong>" + parts[i] + "</strong>")
        elif i % 2 == 1:
            out.append("*" + parts[i])
        else:
            out.append(parts[i])
    return "".join(out)


def _v(value) -> str:
    return "A" if value == 10 else str(value)


def mini(vals, owner: str, hl=(), cls: str = "", mark: str = "") -> str:
    """A small diagram card: values on its four edges (top, right, bottom, left).

    `hl` lists the sides to highlight (0 top .. 3 left); `mark` is a territory
    arrow ("up"/"down") or "new" for the card being placed.
    """
    names = ("t", "r", "b", "l")
    out = ['<span class="mini own-' + owner + (" " + cls if cls else "") + '">']
    for i in range(4):
        out.append(
            '<b class="m-' + names[i] + (" hl" if i in hl else "") + '">' + _v(vals[i]) + "</b>"
        )
    if mark == "up" or mark == "down":
        out.append('<i class="m-mod ' + mark + '">' + icon(mark) + "</i>")
    if mark == "new":
        out.append('<i class="m-new" aria-hidden="true"></i>')
    out.append('<i class="m-mark" aria-hidden="true"></i></span>')
    return "".join(out)


def grid(cols: int, cells: list, cls: str = "") -> str:
    """A diagram board of `cols` columns; each entry is mini-card HTML, "" (empty) or None (hidden)."""
    out = [
        '<span class="dgrid' + (" " + cls if cls else "") + '" style="--cols:' + str(cols) + '">'
    ]
    for c in cells:
        if c is None:
            out.append('<span class="dcell none"></span>')
        elif c.startswith("<"):
            out.append('<span class="dcell">' + c + "</span>")
        else:
            out.append('<span class="dcell blank">' + esc(c) + "</span>")
    out.append("</span>")
    return "".join(out)


def before_after(before: str, after: str, word: str = "") -> str:
    middle = '<span class="d-arrow" aria-hidden="true">→</span>'
    if word:
        middle = '<span class="d-word">' + esc(word) + "</span>" + middle
    return '<div class="diagram">' + before + middle + after + "</div>"


def _diagrams() -> dict:
    d = {}
    # Basic: the placed blue card's left 7 beats the red card's right 4.
    d["basic"] = before_after(
        grid(2, [mini((3, 4, 2, 6), "red", (1,)), mini((5, 2, 6, 7), "blue", (3,), "", "new")]),
        grid(2, [mini((3, 4, 2, 6), "blue", (1,), "flipped"), mini((5, 2, 6, 7), "blue")]),
    )
    # Same (seed 000): up 3 = red's down 3, left 5 = own right 5.
    d["same"] = before_after(
        grid(
            3,
            [
                None,
                mini((6, 2, 3, 4), "red", (2,)),
                None,
                mini((2, 5, 3, 1), "blue", (1,)),
                mini((3, 4, 2, 5), "blue", (0, 3), "", "new"),
                "",
            ],
        ),
        grid(
            3,
            [
                None,
                mini((6, 2, 3, 4), "blue", (2,), "flipped"),
                None,
                mini((2, 5, 3, 1), "blue"),
                mini((3, 4, 2, 5), "blue"),
                "",
            ],
        ),
        t("break"),
    )
    # Same Wall: an A against the top edge, and bottom 4 = red's top 4.
    d["same_wall"] = before_after(
        grid(
            3,
            [
                "",
                mini((10, 3, 4, 2), "blue", (0, 2), "", "new"),
                "",
                "",
                mini((4, 6, 5, 6), "red", (0,)),
                "",
            ],
            "walled",
        ),
        grid(
            3,
            [
                "",
                mini((10, 3, 4, 2), "blue"),
                "",
                "",
                mini((4, 6, 5, 6), "blue", (0,), "flipped"),
                "",
            ],
            "walled",
        ),
        t("break"),
    )
    # Plus (seed 000): 2 + 5 = 7 and 3 + 4 = 7.
    d["plus"] = before_after(
        grid(
            3,
            [
                None,
                mini((6, 6, 5, 3), "red", (2,)),
                None,
                mini((3, 4, 3, 2), "red", (1,)),
                mini((2, 4, 6, 3), "blue", (0, 3), "", "new"),
                "",
            ],
        ),
        grid(
            3,
            [
                None,
                mini((6, 6, 5, 3), "blue", (2,), "flipped"),
                None,
                mini((3, 4, 3, 2), "blue", (1,), "flipped"),
                mini((2, 4, 6, 3), "blue"),
                "",
            ],
        ),
        t("critical"),
    )
    # Plus Wall: top 2 + wall 10 = 12 and bottom 5 + red's top 7 = 12.
    d["plus_wall"] = before_after(
        grid(
            3,
            [
                "",
                mini((2, 3, 5, 4), "blue", (0, 2), "", "new"),
                "",
                "",
                mini((7, 2, 3, 3), "red", (0,)),
                "",
            ],
            "walled",
        ),
        grid(
            3,
            [
                "",
                mini((2, 3, 5, 4), "blue"),
                "",
                "",
                mini((7, 2, 3, 3), "blue", (0,), "flipped"),
                "",
            ],
            "walled",
        ),
        t("critical"),
    )
    # Combo: Same captures the top and right cards (3 = 3, 4 = 4); the top one,
    # now blue, beats its red neighbour with 7 against 2.
    d["combo"] = before_after(
        grid(
            3,
            [
                mini((4, 2, 3, 2), "red", (1,)),
                mini((6, 5, 3, 7), "red", (2, 3)),
                "",
                "",
                mini((3, 4, 2, 5), "blue", (0, 1), "", "new"),
                mini((2, 1, 4, 4), "red", (3,)),
                "",
                "",
                "",
            ],
        ),
        grid(
            3,
            [
                mini((4, 2, 3, 2), "blue", (1,), "flipped"),
                mini((6, 5, 3, 7), "blue", (3,), "flipped"),
                "",
                "",
                mini((3, 4, 2, 5), "blue"),
                mini((2, 1, 4, 4), "blue", (), "flipped"),
                "",
                "",
                "",
            ],
        ),
        t("bonus"),
    )
    # Affinity: +1 on its own banner, -1 on another.
    d["affinity"] = (
        '<div class="diagram">'
        + grid(1, [mini((5, 3, 4, 6), "blue", (), "terr-match", "up")])
        + '<span class="d-word small">+1</span>'
        + grid(1, [mini((5, 3, 4, 6), "blue", (), "terr-other", "down")])
        + '<span class="d-word small">−1</span></div>'
    )
    # Battle: 5 against 5; the placed card's total 24 beats 14.
    d["battle"] = before_after(
        grid(2, [mini((3, 5, 2, 4), "red", (1,)), mini((7, 6, 6, 5), "blue", (3,), "", "new")]),
        grid(2, [mini((3, 5, 2, 4), "blue", (1,), "flipped"), mini((7, 6, 6, 5), "blue")]),
    )
    # Broken Wall: the left column touches the right column.
    d["broken_wall"] = before_after(
        grid(3, [mini((5, 3, 3, 2), "blue", (3,), "", "new"), "", mini((2, 1, 4, 4), "red", (1,))]),
        grid(3, [mini((5, 3, 3, 2), "blue"), "", mini((2, 1, 4, 4), "blue", (1,), "flipped")]),
    )
    return d


def _section(ident: str, title: str, body: list, diagrams: dict) -> str:
    out = ['<section class="rb-sec" id="rb-' + ident + '"><h3>' + esc(title) + "</h3>"]
    for block in body:
        if type(block) is list:
            out.append("<ul>" + "".join(["<li>" + inline(x) + "</li>" for x in block]) + "</ul>")
        elif block.startswith("@"):
            out.append(diagrams.get(block[1:], ""))
        else:
            out.append("<p>" + inline(block) + "</p>")
    out.append("</section>")
    return "".join(out)


EN_SECTIONS = [
    (
        "goal",
        "The goal",
        [
            "Two Houses, blue and red, each start with five cards. You are blue; your hand is on the"
            " right (at the bottom on an upright phone), the CPU's hand on the left (at the top),"
            " the 3x3 battlefield in the middle.",
            "Players take turns deploying one card on an empty space. When all nine spaces are full the"
            " match ends. Your *score* is the number of cards you own: your cards on the battlefield plus"
            " the cards still in your hand. Scores always add up to 10: more than 5 wins, 5-5 is a draw.",
            "Who plays first is drawn at random. The star above a hand shows whose turn it is.",
        ],
    ),
    (
        "deploy",
        "Deploying a card",
        [
            [
                "Click a card in your hand: it moves toward the battlefield and the cursor points at it.",
                "Click an empty space: the cursor moves there and a faint copy of the card shows where it"
                " will go.",
                "Click the same space again to deploy. Clicking another space or another card starts that"
                " step over.",
            ],
            "With the keyboard: arrows move the cursor, *Z* or *Enter* selects and confirms, *X* or"
            " *Backspace* steps back. *F1* lets the CPU deploy a card for you, *F5* starts a new game,"
            " *Escape* pauses. On a touch screen, tap as you would click.",
        ],
    ),
    (
        "attack",
        "Attacking and capturing",
        [
            "A card has four numbers, one per side, from 1 to 10 (*A* is 10). When you deploy a card,"
            " it attacks each adjacent card of your opponent: your number on the touching side against"
            " theirs. If yours is *higher*, that card is captured and turns blue. Equal or lower: nothing"
            " happens.",
            "@basic",
            "A card attacks only on the turn it is deployed (and in a Combo, below). The card you just"
            " deployed can never be captured on that turn, and only your opponent's cards ever change"
            " colour.",
        ],
    ),
    (
        "cards",
        "Reading a card",
        [
            [
                "*Background*: blue cards are yours, red cards the opponent's. Blue cards also carry a"
                " round mark and a dotted weave, red cards a diamond mark and stripes, so the owner shows"
                " without colour too.",
                "*Numbers* top left: top, left, right and bottom sides, as they sit on the card.",
                "*Border*: silver for levels 1-4, gold for 5-7, ornate for 8-10. The level is the small"
                " number before the name.",
                "*Icon* top right: the card's banner (or element), used by the Banner and Elemental rules.",
            ],
        ],
    ),
    (
        "open",
        "Open",
        [
            "Both hands are shown face up, so you can see every card the opponent still holds. Without"
            " Open, the opponent's hand stays face down, and the CPU plays fair: it never reads your"
            " hidden cards either, only what it could see.",
        ],
    ),
    (
        "three_open",
        "Three Open",
        [
            "Three cards of each hand, drawn at random, are shown face up; the other two stay hidden."
            " It cannot be combined with Open.",
        ],
    ),
    (
        "banner",
        "Banner",
        [
            "At the start of a match each space of the battlefield, the centre included, gets a"
            " territory with a chance of one in three, with a banner drawn at random. A card deployed on"
            " a territory of its own banner gets *+1 on every side* (two up arrows); on another banner's"
            " territory, or with no banner at all, *-1 on every side* (two down arrows). Spaces without"
            " a territory change nothing.",
            "@affinity",
            "The card keeps showing its printed numbers: watch the arrows. Values are not cut off, so an"
            " A with +1 beats an A. The arrows count for ordinary captures, Battle and Combo, but *Same"
            " and Plus ignore them* and use the printed numbers. Banner is on when you first play.",
        ],
    ),
    (
        "elemental",
        "Elemental",
        [
            "The same idea with elements instead of banners (best with the Elements card set): each"
            " space has a chance of one in ten to carry an element. A card of that element gets +1 on"
            " every side there; any other card, with another element or none, gets -1. It cannot be"
            " combined with Banner.",
        ],
    ),
    (
        "same",
        "Same",
        [
            "Compare the deployed card's printed number with the touching number of each adjacent card,"
            " *yours included*. If *two or more* pairs are equal, every opponent card in those pairs is"
            " captured. Your own cards help make the pairs but stay yours. *BREAK* appears on screen.",
            "@same",
        ],
    ),
    (
        "same_wall",
        "Same Wall",
        [
            "Like Same, and each side of the deployed card that faces the edge of the battlefield counts"
            " as a neighbour with an *A*. So an A against the edge plus one equal pair captures. *BREAK*"
            " appears. Turning Same Wall on turns Same on.",
            "@same_wall",
        ],
    ),
    (
        "plus",
        "Plus",
        [
            "Add the deployed card's printed number to the touching number of each adjacent card, yours"
            " included. If *two or more sums are equal*, every opponent card in a group of equal sums is"
            " captured. *CRITICAL* appears on screen.",
            "@plus",
        ],
    ),
    (
        "plus_wall",
        "Plus Wall",
        [
            "Like Plus, and each side facing the edge adds a sum of that side plus 10 (the wall counts as"
            " an A). *CRITICAL* appears. Turning Plus Wall on turns Plus on.",
            "@plus_wall",
        ],
    ),
    (
        "combo",
        "Combo",
        [
            "Cards captured by Same, Same Wall, Plus or Plus Wall attack in turn: each one, now yours,"
            " attacks the opponent's cards next to it by the ordinary rule (higher number wins; banners"
            " and Battle count, Same and Plus do not). What they capture attacks too, and so on until"
            " nothing more changes. *BONUS!!* appears. Without Same or Plus, Combo never fires.",
            "@combo",
            "Order of one deployment: Same and Plus captures first (when both fire, both capture),"
            " then ordinary captures, then the Combo chain from the Same and Plus captures.",
        ],
    ),
    (
        "battle",
        "Battle",
        [
            "When two touching numbers are equal in an ordinary attack, the card with the bigger total of"
            " its four printed numbers wins. Since the card just deployed is never captured, Battle only"
            " lets it capture a defender whose total is smaller.",
            "@battle",
        ],
    ),
    (
        "broken_wall",
        "Broken Wall",
        [
            "The battlefield wraps around: the left column touches the right column of the same row, and"
            " the top row touches the bottom row. Every card has four neighbours and there are no walls,"
            " so Same Wall and Plus Wall have nothing to count.",
            "@broken_wall",
        ],
    ),
    (
        "power_wall",
        "Power Wall",
        [
            "At the start of a match up to eight spaces (never the centre) get a sign such as *<20*, *>25*"
            " or *=18* and an arrow. A card's power is the sum of its four printed numbers. When a card"
            " whose power meets the sign is deployed on that space, its whole row or column slides one"
            " space in the arrow's direction, like a conveyor belt: what leaves one edge comes back at the"
            " other, empty spaces too. The deployed card then attacks from its new space by the ordinary"
            " rule. Signs stay on their spaces.",
        ],
    ),
    (
        "random",
        "Random",
        [
            "Hands are dealt at random from the card set (from your collection in a match for cards).",
        ],
    ),
    (
        "draft",
        "Draft",
        [
            "Twelve cards drawn at random are laid out face up, and the players take them one at a"
            " time, the player who will move second picking first, until each holds five. A draft"
            " is public: both hands stay face up.",
        ],
    ),
    (
        "level_range",
        "Level range",
        [
            "Hands are dealt at random from the cards whose level lies in a band one to three"
            " levels wide (levels 4 to 6, say), chosen for the match or drawn at random.",
        ],
    ),
    (
        "sudden_death",
        "Sudden Death",
        [
            "A 5-5 draw starts a new match at once: *PERFECT TEATIME*. Each player's new hand is the five"
            " cards they owned when the drawn match ended, on the battlefield and in hand. The player who"
            " moved second in the drawn match moves first. After five rematches a draw stands.",
        ],
    ),
    (
        "trades",
        "Trades (collection mode)",
        [
            "When cards are yours to keep, the winner of a decided match takes cards from the hand"
            " the loser brought, after any Sudden Death rematch:",
            [
                "*One*: one card of the winner's choice (the CPU takes its best).",
                "*Diff*: as many cards as the difference in score.",
                "*Direct*: each player keeps the cards they own at the end.",
                "*All*: all five.",
            ],
        ],
    ),
    (
        "menu",
        "Changing the rules",
        [
            "Open the rule menu (the blue book) to turn rules on or off, pick the CPU's level, the card"
            " set, the language and whether you play the CPU or a friend on this device. *Changes apply to the next"
            " match*, never to the one being played; Rematch or New game starts it.",
        ],
    ),
    (
        "buttons",
        "Buttons",
        [
            [
                "Play / pause (top left), and New game beside it.",
                "Rulebook (the paper, top right), the rule menu (the blue book) and the collection"
                " (the cards).",
                "Sound on or off, Rematch with the current rules, and Autoplay, which lets the CPU play"
                " your cards until you turn it off (bottom right).",
            ],
        ],
    ),
    (
        "credits",
        "Credits",
        [
            "Card portraits, banners, element emblems, the card back and the title art are icons of"
            " *game-icons.net* (https://game-icons.net), made by Lorc, Delapouite, John Colburn,"
            " Felbrigg, John Redman, Carl Olsen, Sbed, PriorBlue, Willdabeast, Viscious Speed, Lord"
            " Berandas, Irongamer and HeavenlyDog, under the Creative Commons Attribution 3.0 licence"
            " (CC BY 3.0, https://creativecommons.org/licenses/by/3.0/). The game draws them in its own"
            " colours; the list comes with the game in assets/art/LICENSE.txt.",
            "The music and sound effects are made by the game as it plays. Triad runs on Pyodide,"
            " MicroPython and PyScript.",
        ],
    ),
]

FR_SECTIONS = [
    (
        "goal",
        "Le but",
        [
            "Deux Maisons, bleue et rouge, commencent chacune avec cinq cartes. Vous êtes Bleu ; votre"
            " main est à droite (en bas sur un téléphone tenu droit), celle du CPU à gauche (en haut),"
            " et le champ de bataille de 3x3 cases au milieu.",
            "Les joueurs posent chacun leur tour une carte sur une case vide. Quand les neuf cases sont"
            " pleines, la partie s'arrête. Votre *score* est le nombre de cartes que vous possédez : vos"
            " cartes sur le champ de bataille plus celles encore en main. Les scores font toujours 10 à"
            " eux deux : plus de 5 gagne, 5-5 est une égalité.",
            "Le premier joueur est tiré au sort. L'étoile au-dessus d'une main montre à qui c'est le tour.",
        ],
    ),
    (
        "deploy",
        "Poser une carte",
        [
            [
                "Cliquez sur une carte de votre main : elle s'avance vers le champ de bataille et le"
                " curseur la désigne.",
                "Cliquez sur une case vide : le curseur s'y place et une copie pâle de la carte montre où"
                " elle ira.",
                "Cliquez de nouveau sur la même case pour poser la carte. Cliquer sur une autre case ou une"
                " autre carte reprend cette étape.",
            ],
            "Au clavier : les flèches déplacent le curseur, *Z* ou *Entrée* choisit et confirme, *X* ou"
            " *Retour arrière* revient en arrière. *F1* laisse le CPU poser une carte pour vous, *F5*"
            " lance une nouvelle partie, *Échap* met en pause. Sur un écran tactile, touchez comme vous"
            " cliqueriez.",
        ],
    ),
    (
        "attack",
        "Attaquer et capturer",
        [
            "Une carte porte quatre valeurs, une par côté, de 1 à 10 (*A* vaut 10). Quand vous posez une"
            " carte, elle attaque chaque carte adverse voisine : votre valeur du côté qui touche contre"
            " la sienne. Si la vôtre est *plus grande*, la carte est capturée et devient bleue. Égale ou"
            " plus petite : rien ne se passe.",
            "@basic",
            "Une carte n'attaque que le tour où elle est posée (et dans un Combo, plus bas). La carte que"
            " vous venez de poser ne peut jamais être capturée ce tour-là, et seules les cartes de"
            " l'adversaire changent de couleur.",
        ],
    ),
    (
        "cards",
        "Lire une carte",
        [
            [
                "*Fond* : les cartes bleues sont à vous, les rouges à l'adversaire. Les cartes bleues"
                " portent aussi une marque ronde et un tissage pointillé, les rouges une marque en losange"
                " et des rayures : le propriétaire se voit même sans les couleurs.",
                "*Valeurs* en haut à gauche : haut, gauche, droite et bas, comme sur la carte.",
                "*Bordure* : argent pour les niveaux 1 à 4, or pour 5 à 7, ornée pour 8 à 10. Le niveau"
                " est le petit nombre devant le nom.",
                "*Icône* en haut à droite : la bannière (ou l'élément) de la carte, pour les règles"
                " Bannière et Élémentaire.",
            ],
        ],
    ),
    (
        "open",
        "Ouvert",
        [
            "Les deux mains sont visibles : vous voyez toutes les cartes que l'adversaire tient encore."
            " Sans Ouvert, la main adverse reste face cachée, et le CPU joue loyalement : il ne lit pas"
            " non plus vos cartes cachées, seulement ce qu'il pourrait voir.",
        ],
    ),
    (
        "three_open",
        "Trois ouvertes",
        [
            "Trois cartes de chaque main, tirées au hasard, sont visibles ; les deux autres restent"
            " cachées. Ne se combine pas avec Ouvert.",
        ],
    ),
    (
        "banner",
        "Bannière",
        [
            "Au début de la partie, chaque case du champ de bataille, celle du centre comprise, reçoit"
            " un territoire avec une chance sur trois, avec une bannière tirée au hasard. Une carte posée"
            " sur un territoire de sa propre bannière gagne *+1 sur chaque côté* (deux flèches vers le"
            " haut) ; sur le territoire d'une autre bannière, ou sans bannière du tout, *-1 sur chaque"
            " côté* (deux flèches vers le bas). Les cases sans territoire ne changent rien.",
            "@affinity",
            "La carte garde ses valeurs imprimées : regardez les flèches. Les valeurs ne sont pas"
            " bornées, donc un A avec +1 bat un A. Les flèches comptent pour les captures ordinaires, la"
            " Bataille et le Combo, mais *Identique et Plus les ignorent* et utilisent les valeurs"
            " imprimées. Bannière est active lors de votre première partie.",
        ],
    ),
    (
        "elemental",
        "Élémentaire",
        [
            "La même idée avec des éléments au lieu des bannières (idéal avec le jeu Éléments) : chaque"
            " case a une chance sur dix de porter un élément. Une carte de cet élément y gagne +1 sur"
            " chaque côté ; toute autre carte, d'un autre élément ou sans élément, y prend -1. Ne se"
            " combine pas avec Bannière.",
        ],
    ),
    (
        "same",
        "Identique",
        [
            "Comparez la valeur imprimée de la carte posée avec la valeur qui la touche sur chaque carte"
            " voisine, *les vôtres comprises*. Si *deux paires ou plus* sont égales, chaque carte adverse"
            " de ces paires est capturée. Vos propres cartes aident à former les paires mais restent à"
            " vous. *BREAK* s'affiche à l'écran.",
            "@same",
        ],
    ),
    (
        "same_wall",
        "Même Mur",
        [
            "Comme Identique, et chaque côté de la carte posée qui fait face au bord du champ de bataille"
            " compte comme un voisin valant *A*. Un A contre le bord plus une paire égale capture donc."
            " *BREAK* s'affiche. Activer Même Mur active Identique.",
            "@same_wall",
        ],
    ),
    (
        "plus",
        "Plus",
        [
            "Additionnez la valeur imprimée de la carte posée et la valeur qui la touche sur chaque carte"
            " voisine, les vôtres comprises. Si *deux sommes ou plus sont égales*, chaque carte adverse"
            " d'un groupe de sommes égales est capturée. *CRITICAL* s'affiche à l'écran.",
            "@plus",
        ],
    ),
    (
        "plus_wall",
        "Mur additionnel",
        [
            "Comme Plus, et chaque côté face au bord ajoute une somme de ce côté plus 10 (le mur vaut un"
            " A). *CRITICAL* s'affiche. Activer Mur additionnel active Plus.",
            "@plus_wall",
        ],
    ),
    (
        "combo",
        "Combo",
        [
            "Les cartes capturées par Identique, Même Mur, Plus ou Mur additionnel attaquent à leur tour :"
            " chacune, désormais à vous, attaque les cartes adverses voisines selon la règle ordinaire"
            " (la plus grande valeur gagne ; bannières et Bataille comptent, Identique et Plus non). Ce"
            " qu'elles capturent attaque aussi, et ainsi de suite jusqu'à ce que plus rien ne change."
            " *BONUS!!* s'affiche. Sans Identique ni Plus, le Combo ne se déclenche jamais.",
            "@combo",
            "Ordre d'une pose : d'abord les captures d'Identique et de Plus (quand les deux se"
            " déclenchent, les deux capturent), puis les captures ordinaires, puis la chaîne du Combo à"
            " partir des captures d'Identique et de Plus.",
        ],
    ),
    (
        "battle",
        "Bataille",
        [
            "Quand deux valeurs qui se touchent sont égales lors d'une attaque ordinaire, la carte dont la"
            " somme des quatre valeurs imprimées est la plus grande l'emporte. Comme la carte qu'on vient"
            " de poser n'est jamais capturée, la Bataille lui permet seulement de capturer une carte dont"
            " la somme est plus petite.",
            "@battle",
        ],
    ),
    (
        "broken_wall",
        "Mur cassé",
        [
            "Le champ de bataille se referme sur lui-même : la colonne de gauche touche celle de droite"
            " sur la même ligne, et la ligne du haut touche celle du bas. Chaque carte a quatre voisines"
            " et il n'y a plus de murs, donc Même Mur et Mur additionnel n'ont rien à compter.",
            "@broken_wall",
        ],
    ),
    (
        "power_wall",
        "Mur puissant",
        [
            "Au début de la partie, jusqu'à huit cases (jamais celle du centre) reçoivent une restriction"
            " comme *<20*, *>25* ou *=18* et une flèche. La puissance d'une carte est la somme de ses"
            " quatre valeurs imprimées. Quand une carte dont la puissance respecte la restriction est"
            " posée sur cette case, toute sa ligne ou sa colonne glisse d'une case dans le sens de la"
            " flèche, comme un tapis roulant : ce qui sort d'un bord revient de l'autre, cases vides"
            " comprises. La carte posée attaque ensuite depuis sa nouvelle case selon la règle"
            " ordinaire. Les restrictions restent sur leurs cases.",
        ],
    ),
    (
        "random",
        "Aléatoire",
        [
            "Les mains sont tirées au hasard dans le jeu de cartes (dans votre collection pendant une"
            " partie pour des cartes).",
        ],
    ),
    (
        "draft",
        "Draft",
        [
            "Douze cartes tirées au hasard sont étalées face visible, et les joueurs les prennent une à"
            " une, celui qui jouera en second choisissant le premier, jusqu'à ce que chacun en ait cinq."
            " Un draft est public : les deux mains restent visibles.",
        ],
    ),
    (
        "level_range",
        "Fourchette de niveaux",
        [
            "Les mains sont tirées au hasard parmi les cartes dont le niveau est dans une bande large de"
            " un à trois niveaux (les niveaux 4 à 6, par exemple), choisie pour la partie ou tirée au"
            " hasard.",
        ],
    ),
    (
        "sudden_death",
        "Mort subite",
        [
            "Une égalité 5-5 lance aussitôt une nouvelle partie : *PERFECT TEATIME*. La nouvelle main de"
            " chaque joueur est faite des cinq cartes qu'il possédait à la fin de la partie nulle, sur le"
            " champ de bataille et en main. Celui qui jouait en second commence. Après cinq revanches,"
            " l'égalité est maintenue.",
        ],
    ),
    (
        "trades",
        "Échanges (mode collection)",
        [
            "Quand les cartes sont en jeu, le gagnant d'une partie décidée prend des cartes dans la main"
            " que le perdant avait apportée, après une éventuelle revanche de mort subite :",
            [
                "*Une* : une carte au choix du gagnant (le CPU prend sa meilleure).",
                "*Différence* : autant de cartes que l'écart de score.",
                "*Direct* : chacun garde les cartes qu'il possède à la fin.",
                "*Toutes* : les cinq cartes.",
            ],
        ],
    ),
    (
        "menu",
        "Changer les règles",
        [
            "Ouvrez le menu des règles (le livre bleu) pour activer ou désactiver des règles, choisir le"
            " niveau du CPU, le jeu de cartes, la langue, et jouer contre le CPU ou contre un ami sur cet"
            " appareil. *Les changements valent pour la prochaine partie*, jamais pour celle en cours ;"
            " Revanche ou Nouvelle partie la lance.",
        ],
    ),
    (
        "buttons",
        "Boutons",
        [
            [
                "Lecture / pause (en haut à gauche), et Nouvelle partie à côté.",
                "Livre des règles (la feuille, en haut à droite), le menu des règles (le livre bleu) et"
                " la collection (les cartes).",
                "Son activé ou coupé, Revanche avec les règles choisies, et Jeu automatique, qui laisse"
                " le CPU jouer vos cartes jusqu'à ce que vous l'arrêtiez (en bas à droite).",
            ],
        ],
    ),
    (
        "credits",
        "Crédits",
        [
            "Les portraits des cartes, les bannières, les emblèmes des éléments, le dos des cartes et"
            " l'illustration du titre sont des icônes de *game-icons.net* (https://game-icons.net),"
            " créées par Lorc, Delapouite, John Colburn, Felbrigg, John Redman, Carl Olsen, Sbed,"
            " PriorBlue, Willdabeast, Viscious Speed, Lord Berandas, Irongamer et HeavenlyDog, sous"
            " licence Creative Commons Attribution 3.0 (CC BY 3.0,"
            " https://creativecommons.org/licenses/by/3.0/deed.fr). Le jeu les dessine dans ses propres"
            " couleurs ; la liste est fournie avec le jeu dans assets/art/LICENSE.txt.",
            "La musique et les effets sonores sont créés par le jeu pendant la partie. Triad tourne"
            " avec Pyodide, MicroPython et PyScript.",
        ],
    ),
]

SECTIONS = {"en": EN_SECTIONS, "fr": FR_SECTIONS}
TITLE = {"en": "Rulebook", "fr": "Livre des règles"}


def render_rulebook(active_rules: list) -> str:
    """The rulebook dialog; sections of rules in play now are marked."""
    lang = language()
    sections = SECTIONS.get(lang, EN_SECTIONS)
    diagrams = _diagrams()
    toc = []
    body = []
    for ident, title, blocks in sections:
        on = ident in active_rules
        toc.append(
            '<button type="button" class="toc'
            + (" on" if on else "")
            + '" data-jump="rb-'
            + ident
            + '">'
            + esc(title)
            + "</button>"
        )
        body.append(_section(ident, title, blocks, diagrams))
    return (
        '<div class="dialog book" role="dialog" aria-modal="true" aria-labelledby="rb-title">'
        + '<div class="dialog-head"><h2 id="rb-title">'
        + esc(TITLE.get(lang, "Rulebook"))
        + "</h2>"
        + '<button type="button" class="close" data-do="close" aria-label="'
        + esc(t("btn_close"))
        + '">'
        + icon("close")
        + "</button></div>"
        + '<nav class="rb-toc">'
        + "".join(toc)
        + "</nav>"
        + '<div class="rb-body" tabindex="0">'
        + "".join(body)
        + "</div></div>"
    )
