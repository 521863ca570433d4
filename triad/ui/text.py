"""Every word the page shows, by key, with named placeholders.

Whole sentences are kept as single templates (`"{blue} to {red}"`, never
pieces glued together) so another language can reorder them.
"""

LANG = "en"

EN = {
    "title": "Triad",
    "you": "You",
    "cpu": "CPU",
    "blue": "Blue",
    "red": "Red",
    "your_turn": "Your turn",
    "cpu_turn": "CPU's turn",
    "blue_turn": "Blue's turn",
    "red_turn": "Red's turn",
    "thinking": "CPU is thinking…",
    "engine_loading": "Engine loading…",
    "engine_loading_pct": "Engine loading… {pct}%",
    "card_title": "{name}, {title}",
    "engine_failed": "The game engine could not start: {error}",
    "choose_card": "Choose a card",
    "choose_cell": "Choose a space",
    "confirm_cell": "Click the space again to deploy",
    "confirm_cell_key": "Press Z again to deploy",
    "hand_label_blue_you": "Your hand",
    "hand_label_red_cpu": "CPU's hand",
    "hand_label_blue": "Blue's hand",
    "hand_label_red": "Red's hand",
    "score_label": "{name}: {count} cards",
    "cell_empty": "Space {n}, empty",
    "cell_card": "Space {n}: {name}, {owner}",
    "card_label": "{name}, level {level}, top {top}, right {right}, bottom {bottom}, left {left}",
    "card_hidden": "Hidden card",
    "territory": "{name} territory",
    "territory_up": "+1 on this territory",
    "territory_down": "-1 on this territory",
    "restriction": "Power Wall: a card with power {op} {value} moves this line {direction}",
    "dir_up": "up",
    "dir_down": "down",
    "dir_left": "left",
    "dir_right": "right",
    "win": "You win!",
    "lose": "You lose…",
    "draw": "Draw",
    "blue_wins": "Blue wins!",
    "red_wins": "Red wins!",
    "final_score": "{blue} – {red}",
    "draw_stands": "The draw stands after {n} rematches.",
    "round": "Sudden Death, rematch {n}",
    "break": "BREAK",
    "critical": "CRITICAL",
    "bonus": "BONUS!!",
    "teatime": "PERFECT TEATIME",
    "paused": "Paused",
    "paused_hint": "Press Escape or the play button to resume.",
    "btn_pause": "Pause",
    "btn_resume": "Resume",
    "btn_sound_on": "Sound on (click to mute)",
    "btn_sound_off": "Sound off (click to unmute)",
    "btn_rematch": "Rematch with the current rules",
    "btn_autoplay_on": "Autoplay is on (click to stop)",
    "btn_autoplay_off": "Autoplay: let the CPU play for you",
    "btn_info": "Rulebook",
    "btn_rules": "Rule menu",
    "btn_new": "New game",
    "btn_close": "Close",
    "btn_play_again": "Play again",
    "btn_change_rules": "Change rules",
    "btn_see_board": "See the board",
    "menu_title": "Rules for the next match",
    "menu_next": "Changes apply to the next match, never to the one being played.",
    "menu_pending": "You changed the rules: start a new match to play with them.",
    "menu_current": "Now playing: {rules}",
    "menu_no_rules": "basic rules only",
    "menu_code": "This deal's code: {code}",
    "menu_level": "CPU level",
    "menu_set": "Card set",
    "menu_mode": "Players",
    "mode_cpu": "You against the CPU",
    "mode_hotseat": "Two players on this device",
    "menu_start": "Start a new match with these rules",
    "menu_invalid": "These rules cannot be played together: {error}",
    "level_novice": "Novice",
    "level_adept": "Adept",
    "level_expert": "Expert",
    "level_master": "Master",
    "set_houses": "Houses",
    "set_elements": "Elements",
    "notice_storage_denied": "This browser does not let the game save here: settings last for this visit only.",
    "notice_storage_reset": "Your saved settings could not be read, so the defaults are back.",
    "notice_new_rules": "New match: {rules}",
    "notice_hint": "The CPU chose for you.",
    "notice_bad_deal": "That deal code cannot be played ({error}); here is a new deal instead.",
    "keys_help": "Arrows move · Z/Enter select · X/Backspace cancel · F1 CPU plays for you · F5 new game · Esc pause",
    "rule_open": "Open",
    "rule_three_open": "Three Open",
    "rule_banner": "Banner",
    "rule_elemental": "Elemental",
    "rule_same": "Same",
    "rule_same_wall": "Same Wall",
    "rule_plus": "Plus",
    "rule_plus_wall": "Plus Wall",
    "rule_combo": "Combo",
    "rule_battle": "Battle",
    "rule_broken_wall": "Broken Wall",
    "rule_power_wall": "Power Wall",
    "rule_random": "Random",
    "rule_draft": "Draft",
    "rule_sudden_death": "Sudden Death",
    "ruletip_open": "See the other hand.",
    "ruletip_three_open": "See three cards of the other hand.",
    "ruletip_banner": "Territories give +1 or -1.",
    "ruletip_elemental": "Elements give +1 or -1.",
    "ruletip_same": "Two equal pairs capture (BREAK).",
    "ruletip_same_wall": "Edges count as A for Same.",
    "ruletip_plus": "Two equal sums capture (CRITICAL).",
    "ruletip_plus_wall": "Edges count as A for Plus.",
    "ruletip_combo": "Captured cards attack again (BONUS!!).",
    "ruletip_battle": "Ties go to the bigger card.",
    "ruletip_broken_wall": "The board wraps around.",
    "ruletip_power_wall": "Some spaces slide their line.",
    "ruletip_random": "Hands dealt at random.",
    "ruletip_draft": "Pick cards in turn from twelve.",
    "ruletip_sudden_death": "A draw starts a rematch.",
}

STRINGS = {"en": EN}


def set_language(code: str) -> str:
    """Use language `code` ("fr", "fr-CA" -> "fr") when there is a table for it; return the one in use."""
    global LANG
    short = str(code or "").lower().split("-")[0]
    LANG = short if short in STRINGS else "en"
    return LANG


def t(key: str, **values) -> str:
    """Return the text for `key` in the current language, filled with `values`."""
    table = STRINGS.get(LANG, EN)
    text = table.get(key)
    if text is None:
        text = EN.get(key, key)
    if values:
        return text.format(**values)
    return text
