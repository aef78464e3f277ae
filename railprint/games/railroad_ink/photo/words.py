"""The uncertain spaces' reasons in Polish (``score railroad-ink --photo --lang pl``).

The reader (:mod:`read`, :mod:`screen`) says why a space is uncertain in English: the JSON keeps
those words (other tools read them). The terminal says them in the user's language: each known
phrase is replaced by its Polish, numbers kept (``the grid is 180 px wide`` -> ``siatka ma 180
px szerokości``). ``tests/games/railroad_ink/test_ri_photo_polish.py`` holds every phrase the
reader writes to this table.
"""

from __future__ import annotations

import re

# (English, Polish): longer phrases first where one holds another ("a faint line? (...)" before
# "a faint line?"); {n} is a number as the reader prints it
PHRASES: tuple[tuple[str, str], ...] = (
    ("this may be a photo of a screen, not of the printed sheet: every space is to be confirmed",
     "to może być zdjęcie ekranu, a nie wydrukowanego arkusza: każde pole trzeba potwierdzić"),
    ("a periodic pattern in the paper's blank squares, {n}", "regularny wzór w pustych polach papieru, {n}"),
    ("a periodic pattern in the photo; too few blank squares to tell: {n}",
     "regularny wzór na zdjęciu; za mało pustych pól, by to rozstrzygnąć: {n}"),
    ("a screen's frame round the sheet, not square to it: a photo shown on a screen",
     "ramka ekranu wokół arkusza, ukośna do niego: zdjęcie pokazane na ekranie"),
    ("straight edges round the sheet in another plane than its own, {n} degrees off",
     "proste krawędzie wokół arkusza leżą w innej płaszczyźnie niż on, odchylone o {n} stopni"),
    ("a screen's frame beside one side of the sheet", "ramka ekranu przy jednym boku arkusza"),
    ("a screen's frame beside {n} sides of the sheet", "ramka ekranu przy {n} bokach arkusza"),
    (", the sheet not centred in it", ", arkusz nie na środku"),
    (", {n} as wide as tall: no phone's or monitor's shape",
     ", szerokość to {n} wysokości: żaden telefon ani monitor nie ma takiego kształtu"),
    ("the printed grid is not where the corner marks put it (its lines were not found there)",
     "wydrukowana siatka nie leży tam, gdzie wskazują znaczniki w rogach (nie znaleziono tam jej linii)"),
    ("the printed grid's corner here is {n} mm off where it is read",
     "róg wydrukowanej siatki jest tu {n} mm od miejsca odczytu"),
    ("the printed grid's corner here was not found", "nie znaleziono tu rogu wydrukowanej siatki"),
    ("the grid was warped up to {n} mm onto its lines", "siatkę dopasowano do jej linii, przesuwając ją do {n} mm"),
    ("the printed grid's lines are not seen here (something over the sheet, or out of the photo)",
     "nie widać tu linii wydrukowanej siatki (coś leży na arkuszu albo to miejsce jest poza zdjęciem)"),
    ("a small photo (the grid is {n} px wide; {n} or more reads with certainty)",
     "małe zdjęcie (siatka ma {n} px szerokości; pewny odczyt od {n} px)"),
    ("a small photo of a faint printed grid: a highway's broken lines may read as a railway at this size",
     "małe zdjęcie słabo wydrukowanej siatki: przerywane linie autostrady mogą przy tej wielkości wyglądać "
     "jak linia kolejowa"),
    ("the paper is overexposed here (white clipped): a light line may be lost",
     "papier jest tu prześwietlony (biel obcięta): jasna linia mogła zniknąć"),
    ("a trace of a line in the overexposed paper", "ślad linii w prześwietlonym papierze"),
    ("a motion-blurred photo, unblurred: the lines along this space's sides do not all agree",
     "poruszone zdjęcie, wyostrzone: linie wzdłuż boków tego pola nie zgadzają się"),
    ("a light line lost in the noise? (a dark, noisy photo: its drawn lines barely stand out of the noise, "
     "so an empty space is not certain)",
     "jasna linia zgubiona w szumie? (ciemne, zaszumione zdjęcie: narysowane linie ledwo wystają ponad "
     "szum, więc puste pole nie jest pewne)"),
    ("a route lost in the dark? (a light line runs up to this side from the space beside it)",
     "trasa zgubiona w ciemności? (jasna linia dochodzi do tego boku z sąsiedniego pola)"),
    ("a route lost in the dark? (this sheet's highways are not seen with certainty, and this side meets a "
     "printed highway exit)",
     "trasa zgubiona w ciemności? (autostrad na tym arkuszu nie widać na pewno, a ten bok styka się z "
     "wydrukowanym wyjazdem autostrady)"),
    ("a route lost in the dark? (this sheet's railways are not seen with certainty, and this side meets a "
     "printed railway exit)",
     "trasa zgubiona w ciemności? (linii kolejowych na tym arkuszu nie widać na pewno, a ten bok styka się z "
     "wydrukowanym wyjazdem linii kolejowej)"),
    ("a route lost in the dark? (this sheet's sides read empty show a pen's colour that none of its routes is "
     "read in)",
     "trasa zgubiona w ciemności? (puste boki tego arkusza mają kolor pisaka, w którym nie odczytano żadnej "
     "z jego tras)"),
    ("a route lost in the dark? (this side shows the colour of a pen this sheet loses in the grey)",
     "trasa zgubiona w ciemności? (ten bok ma kolor pisaka, którego linie ten arkusz gubi w szarości)"),
    ("a route lost in the grey? (this side shows the colour of a pen this sheet loses in the grey)",
     "trasa zgubiona w szarości? (ten bok ma kolor pisaka, którego linie ten arkusz gubi w szarości)"),
    ("drawn in a colour, where this sheet's railways at its printed exits show none: a highway?",
     "narysowane w kolorze, a linie kolejowe tego arkusza przy wydrukowanych wyjazdach go nie mają: autostrada?"),
    ("drawn in a colour, where this sheet's highways at its printed exits show none: a railway?",
     "narysowane w kolorze, a autostrady tego arkusza przy wydrukowanych wyjazdach go nie mają: linia kolejowa?"),
    ("a faint line? (darker in the middle than this photo's empty spaces)",
     "słabo widoczna linia? (w środku ciemniej niż w pustych polach tego zdjęcia)"),
    ("a faint line? (a motion-blurred photo, unblurred)", "słabo widoczna linia? (poruszone zdjęcie, wyostrzone)"),
    ("a faint line? (within the noise measured along it)",
     "słabo widoczna linia? (w granicach szumu zmierzonego wzdłuż niej)"),
    ("a faint line?", "słabo widoczna linia?"),
    ("a few marks", "kilka kresek"),
    ("a solid band: a highway's two lines run together?", "pełny pas: dwie linie autostrady zlały się?"),
    ("neither clearly a highway nor a railway", "ani wyraźnie autostrada, ani linia kolejowa"),
    ("one line with no sleeper, where this sheet's railways show theirs: a highway drawn as one line?",
     "jedna linia bez podkładów, choć linie kolejowe na tym arkuszu je mają: autostrada narysowana jedną linią?"),
    ("crossed out? (an X over the space: which route was drawn again cannot be told)",
     "przekreślone? (X na polu: nie wiadomo, którą trasę narysowano ponownie)"),
    ("one broad line with no sleeper standing out: a highway drawn as one line?",
     "jedna gruba linia bez wyraźnych podkładów: autostrada narysowana jedną linią?"),
    ("two lines with a dashed middle or nothing between them: a highway?",
     "dwie linie z przerywaną linią pośrodku albo bez niczego między nimi: autostrada?"),
    ("two lines with rungs across them: a railway drawn as a ladder?",
     "dwie linie połączone poprzeczkami: linia kolejowa narysowana jak drabinka?"),
    ("two lines, where this sheet's railways are one: a highway?",
     "dwie linie, choć linie kolejowe na tym arkuszu są jedną linią: autostrada?"),
    ("something beside the line all along it, where this sheet's railways show sleepers apart: a highway?",
     "coś obok linii na całej jej długości, choć linie kolejowe na tym arkuszu mają osobne podkłady: autostrada?"),
    ("nothing beside the line, where this sheet's railways show their sleepers: a highway?",
     "nic obok linii, choć linie kolejowe na tym arkuszu mają podkłady: autostrada?"),
    ("a band much wider than this sheet's railway lines: a highway?",
     "pas znacznie szerszy niż linie kolejowe na tym arkuszu: autostrada?"),
    ("sleepers across the line, where this sheet's highways show none: a railway?",
     "podkłady w poprzek linii, choć autostrady na tym arkuszu ich nie mają: linia kolejowa?"),
    ("two lines, like a highway's?", "dwie linie, jak autostrada?"),
    ("one line, like a railway's?", "jedna linia, jak linia kolejowa?"),
    ("a station needs a highway and a railway", "stacja potrzebuje autostrady i linii kolejowej"),
    ("highway and railway meet without a station", "autostrada i linia kolejowa spotykają się bez stacji"),
    ("marks in the centre", "kreski w środku pola"),
    ("no die face draws this space", "żadna ścianka kości nie rysuje takiego pola"),
    ("centre: a station?", "środek: stacja?"),
    # the expansions (photo/expansion.py)
    ("lava or a route? (the side is neither clearly lava nor clearly not)",
     "lawa czy trasa? (nie widać wyraźnie, czy ten bok jest lawą)"),
    ("no lava die face draws this space", "żadna ścianka kości lawy nie rysuje takiego pola"),
    ("the route beside the lava is not read with certainty", "trasa obok lawy nie jest odczytana na pewno"),
    ("a crater? (marks in the middle of the space, not clearly a crater)",
     "krater? (kreski na środku pola, ale nie wyraźnie krater)"),
    ("a crater with a route reaching the space's side?", "krater, a do boku pola dochodzi trasa?"),
    ("centre: an outline around it, a hollow station?", "środek: obrys wokół niego, stacja bez wypełnienia?"),
    ("centre: filled, lighter than the lines: a station?", "środek: wypełniony, jaśniejszy niż linie: stacja?"),
    # the sheet's own station marks (photo/centre.py)
    ("centre: a mark like this sheet's stations", "środek: znak taki jak stacje na tym arkuszu"),
    ("drawn in this sheet's highways' colour: a highway?", "narysowane kolorem autostrad z tego arkusza: autostrada?"),
    ("drawn in this sheet's railways' colour: a railway?",
     "narysowane kolorem linii kolejowych z tego arkusza: linia kolejowa?"),
    ("without the colour of this sheet's routes: an erased line?", "bez koloru tras z tego arkusza: wytarta linia?"),
    ("a line far lighter than this sheet's highways: an erased line?",
     "linia dużo jaśniejsza niż autostrady na tym arkuszu: wytarta linia?"),
    ("a line far lighter than this sheet's railways: an erased line?",
     "linia dużo jaśniejsza niż linie kolejowe na tym arkuszu: wytarta linia?"),
    ("meets a route of the other kind across the edge: the rules never join them",
     "styka się przez krawędź z trasą innego rodzaju: zasady nigdy ich nie łączą"),
    ("joins no route and no exit, as every route drawn does: a stain or an erased line?",
     "nie łączy się z żadną trasą ani wyjściem, choć każda narysowana trasa się łączy: plama albo wytarta linia?"),
    ("centre: nothing like this sheet's stations", "środek: nic podobnego do stacji na tym arkuszu"),
    # a route side whose line stops short (photo/stray.py, round twenty-three)
    ("a line that stops short of the space's middle: a stray mark, not a route?",
     "linia kończy się przed środkiem pola: przypadkowa kreska, a nie trasa?"),
    # a line in a colour few of the sheet's routes have (photo/stain_colour.py, round twenty-seven)
    ("in a colour few of this sheet's routes have: a stain?",
     "w kolorze, który ma niewiele tras tego arkusza: plama?"),
    # a route side read with certainty left out of the reading (photo/dropped.py, round twenty-four)
    ("a route read here with certainty, left out of the reading",
     "tu odczytano trasę z pewnością, a odczyt pola jej nie zawiera"),
    # a mark drawn across a straight crossing (photo/crossing_mark.py)
    ("centre: a mark across the crossing (an X, a letter, a ring): a station?",
     "środek: znak na skrzyżowaniu (X, litera, kółko): stacja?"),
    ("a railway's only sleepers beside a mark in the centre: a station's outline?",
     "jedyne podkłady linii kolejowej tuż przy znaku w środku: obrys stacji?"),
    # two lines where the sheet's railways run as one (photo/two_tracks.py)
    ("two lines running in, where this sheet's railways run in as one: a highway?",
     "dwie linie wchodzą w pole, a linie kolejowe na tym arkuszu wchodzą jedną: autostrada?"),
    # a route against a printed exit of the other kind (photo/sheet_kinds.py)
    ("drawn to a printed highway exit, read as a railway: a highway?",
     "narysowane do wydrukowanego wyjścia autostrady, odczytane jako linia kolejowa: autostrada?"),
    ("drawn to a printed railway exit, read as a highway: a railway?",
     "narysowane do wydrukowanego wyjścia linii kolejowej, odczytane jako autostrada: linia kolejowa?"),
    # a certain side shaped as the sheet's other kind (photo/sheet_kinds.py, round nineteen)
    ("shaped as this sheet's highways, read as a railway: a highway?",
     "kształtem jak autostrady na tym arkuszu, odczytane jako linia kolejowa: autostrada?"),
    ("shaped as this sheet's railways, read as a highway: a railway?",
     "kształtem jak linie kolejowe na tym arkuszu, odczytane jako autostrada: linia kolejowa?"),
    # a sheet whose exits of one kind mostly read as the other (photo/exit_kinds.py, round twenty)
    ("read as a railway, as most routes at this sheet's highway exits are: a highway?",
     "odczytane jako linia kolejowa, jak większość tras przy wyjściach autostrad na tym arkuszu: autostrada?"),
    ("read as a highway, as most routes at this sheet's railway exits are: a railway?",
     "odczytane jako autostrada, jak większość tras przy wyjściach linii kolejowych na tym arkuszu: "
     "linia kolejowa?"),
    # a four-way route drawn two ways (photo/four_way.py)
    ("a four-way crossing whose two routes are drawn unlike (sleepers one way, lines the other): an overpass?",
     "skrzyżowanie czterech tras narysowanych na dwa sposoby (w jedną stronę podkłady, w drugą linie): wiadukt?"),
    # a ring round a four-way route read with certainty (photo/cross_station.py, round twenty-four)
    ("a ring round a four-way crossing, as an overpass is drawn: an overpass?",
     "kółko wokół skrzyżowania czterech tras, tak jak rysuje się wiadukt: wiadukt?"),
    # strokes along a four-way route's diagonals, as the sheet's overpasses show (cross_station.py, round 27)
    ("strokes along the diagonals, as this sheet's overpasses are drawn: an overpass?",
     "kreski wzdłuż przekątnych, tak jak rysowane są wiadukty tego arkusza: wiadukt?"),
    # a certain station on a straight crossing, thinner than the sheet's filled stations (cross_station.py, round 27)
    ("centre: thinner than this sheet's filled stations, two routes crossing: an overpass?",
     "środek: cieńszy niż wypełnione stacje tego arkusza, dwie trasy się krzyżują: wiadukt?"),
    # an outline closing in paper where routes cross (photo/outlined_centre.py)
    ("centre: paper closed in where the routes cross, unlike this sheet's other crossings: a station?",
     "środek: zamknięty obrysem papier na skrzyżowaniu, inaczej niż na innych skrzyżowaniach tego arkusza: stacja?"),
    ("centre: paper closed in, unlike this sheet's other routes: a station, a highway read as a railway?",
     "środek: zamknięty obrysem papier, inaczej niż na innych trasach tego arkusza: stacja, autostrada odczytana jako linia kolejowa?"),
)
SIDES_PL = {"N": "północ", "E": "wschód", "S": "południe", "W": "zachód"}
NUMBER = r"(\d+(?:\.\d+)?)"


def _pattern(english: str) -> re.Pattern:
    return re.compile(re.escape(english).replace(re.escape("{n}"), NUMBER))


_TABLE = tuple((_pattern(english), polish) for english, polish in PHRASES)
_SIDE = re.compile(r"(^|; )([NESW]): ")


def reason_in(reason: str, lang: str = "en") -> str:
    """``reason`` (an uncertain space's, as the reader says it) in ``lang``: in Polish each known
    phrase replaced, its numbers kept, and the side letters named (``N: `` -> ``północ: ``)."""
    if lang != "pl":
        return reason
    out = _SIDE.sub(lambda m: f"{m.group(1)}{SIDES_PL[m.group(2)]}: ", reason)
    for pattern, polish in _TABLE:
        out = pattern.sub(lambda m, polish=polish: _numbers(polish, m.groups()), out)
    return out


def _numbers(polish: str, numbers: tuple[str, ...]) -> str:
    for number in numbers:
        polish = polish.replace("{n}", number, 1)
    return polish
