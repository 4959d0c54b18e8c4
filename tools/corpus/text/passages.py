"""Texts of the plain-text fixtures (Corpus/text/), written for the project.

Each fixture's ground truth is assembled from these strings by make_text_fixtures.py, and the
same strings are what the producer typesets, so the ground truth never comes from an extractor.
Typographic quotes (’ “ ”) and dashes (–) are written as the reader sees them; the LaTeX writer
turns them into TeX input (' `` '' --) that prints the same characters.
"""

LIGHTHOUSE_TITLE = "The Lighthouse Keeper’s Year"
LIGHTHOUSE = [
    "The lighthouse stands on a bare rock two miles from the harbour, and for most of the year "
    "its keeper sees the mainland only as a grey line on the horizon. Supplies arrive by boat "
    "every second Thursday, weather permitting, and the weather often does not permit.",
    "In winter the work is mostly about the lamp. The glass must be cleaned every morning, the "
    "clockwork that turns the lens must be wound every four hours, and the log must record the "
    "wind, the sea and every ship that passes. A careful keeper writes small, because the log "
    "book has to last the whole season.",
    "Summer brings visitors: birdwatchers with heavy binoculars, painters who want the light at "
    "dawn, and children from the village school who ask how many steps there are. There are one "
    "hundred and twelve, and the keeper climbs them nine times a day.",
]

BREAD_TITLE = "Notes on Baking Bread"
BREAD_COLUMNS = [
    "Good bread needs only four things: flour, water, salt and time. The flour gives the dough "
    "its body, the water wakes the yeast, and the salt keeps the fermentation steady. Time is "
    "the ingredient most recipes forget to mention.",
    "A slow rise in a cool kitchen develops more flavour than a quick rise near the oven. Many "
    "bakers mix the dough in the evening, leave it covered overnight, and shape the loaves "
    "early the next morning.",
    "The crust forms in the first minutes of baking. Steam keeps the surface soft long enough "
    "for the loaf to expand, and then the dry heat turns it brown and crisp. A hollow sound when "
    "the base is tapped means the bread is done.",
    "Once out of the oven, the loaf should rest on a rack until it is cool. Cutting it too soon "
    "lets the moisture escape and leaves the crumb gummy and dense.",
]
BREAD_CLOSING = ("These notes were collected from three village bakeries over one winter; the "
                 "quantities differ, but every baker agreed about the time.")

RIVER_TITLE = "How a River Shapes Its Valley"
RIVER_COLUMNS = [
    "A river begins as a fast stream in the hills, cutting down into the rock and carrying "
    "stones that grind the channel deeper every year. The valley it makes there is narrow and "
    "steep, shaped like the letter V.",
    "Lower down, the slope is gentler and the water slows. Instead of cutting down, the river "
    "swings from side to side, wearing away the outer bank of each bend and leaving sand on the "
    "inner bank. Over centuries the bends move across the valley floor.",
    "Near the sea, the river drops the last of its load. Mud and fine sand build wide flat plains "
    "and marshes, and the channel may split into many branches before the water finally meets "
    "the tide.",
]
RIVER_CLOSING = "Adapted for the project from a field guide written for school excursions."

TABLE_TITLE = "Timetable of the Harbour Ferry"
TABLE_INTRO = "The ferry runs daily from April to October. Times are local."
TABLE_ROWS = [
    ["Stop", "First boat", "Last boat", "Fare"],
    ["North Pier", "07:15", "19:45", "2.50"],
    ["Fish Market", "07:30", "20:00", "2.50"],
    ["Old Lighthouse", "08:05", "18:35", "4.00"],
    ["Island Camp", "08:40", "18:00", "5.75"],
]
TABLE_NOTE = "Children under twelve travel free. Bicycles are carried on the first and last boats only."

FOOTNOTE_TITLE = "A Short History of Paper"
FOOTNOTE_PAGES = [
    # (paragraphs, footnotes); a paragraph names its footnotes by their number at a {n} mark
    (["Paper was first made from plant fibres soaked in water, beaten into a pulp and spread on a "
      "screen to dry.{1} The method travelled slowly westwards along the trade routes, and each "
      "region adapted it to the plants that grew there.",
      "In Europe the first mills used old linen rags, which were plentiful and strong.{2} The "
      "rags were sorted, cut, left to ferment and then pounded by hammers driven by a water "
      "wheel."],
     ["The oldest surviving sheets are more than two thousand years old.",
      "Rag paper remained the standard until the middle of the nineteenth century."]),
    (["Wood pulp changed everything. It was cheap and could be produced in enormous quantities, "
      "so newspapers and books became affordable for almost everyone.{3}",
      "The price of cheap paper became clear later: acid left in the pulp slowly makes the "
      "sheets brittle and yellow, and libraries now spend a great deal of effort to save books "
      "printed in that period."],
     ["Some daily papers printed more than a million copies by the end of that century."]),
]

HEADER_TEXT = ("Field Notes", "Chapter One")
FOOTER_TEXT = "Draft copy"
FIELD_TITLE = "Walking the Coastal Path"
FIELD_PAGES = [
    ["The coastal path follows the cliffs for almost forty miles, from the fishing village in "
     "the west to the sandy bay in the east. Most walkers take three days, stopping at the small "
     "inns that have served travellers for generations.",
     "The first day is the hardest. The path climbs and falls steeply between the coves, and "
     "the steps cut into the turf are uneven after the winter rains."],
    ["On the second day the cliffs become lower and the path runs through fields of barley and "
     "grazing sheep. Skylarks sing overhead, and on clear afternoons the islands are visible far "
     "out to sea.",
     "The inn at the halfway point is famous for its fish soup, which is made from whatever the "
     "boats brought in that morning."],
    ["The last day ends on the long beach, where the path simply disappears into the sand. "
     "Walkers usually take off their boots for the final mile and finish with their feet in the "
     "water.",
     "A bus returns to the starting village twice a day, but many people prefer to walk back "
     "along the inland lanes."],
]

LISTS_TITLE = "Preparing for a Day in the Mountains"
LISTS_INTRO = "Before leaving, check that your rucksack holds the following items:"
LISTS_BULLETS = [
    "a waterproof jacket and a warm hat",
    "a map of the area and a compass",
    "enough water for the whole day, and some food to spare",
    "a small first aid kit",
]
LISTS_MIDDLE = "On the morning of the walk, follow these steps in order:"
LISTS_NUMBERED = [
    "Read the weather forecast for the summit, not for the valley.",
    "Tell someone where you are going and when you expect to return, so that they know when to "
    "raise the alarm if you are late.",
    "Start early, and turn back at the time you decided, even if the top looks close.",
]
LISTS_CLOSING = "Most accidents happen on the way down, when walkers are tired."

LIGATURE_TITLE = "The Official Office Staff"
LIGATURE_TEXT = [
    "The official office staff offered the first fifty finalists a fluffy waffle, but the "
    "chef’s flat refusal to fill the coffee cups baffled everyone. Afterwards the affluent "
    "officers filed their efficient reflections in a flimsy folder.",
    "Five fine fiddlers shuffled off the floor; the fluent flautist fiddled with her flute "
    "while the sheriff scoffed at the difficult traffic in the cliff office.",
]

HYPHEN_TITLE = "Responsibilities of the Administration"
HYPHEN_TEXT = [
    "Notwithstanding the extraordinarily comprehensive documentation, the administration "
    "acknowledged that interdepartmental communication remained unsatisfactory, "
    "particularly regarding the implementation of telecommunications infrastructure and "
    "the standardization of environmental responsibilities.",
    "Representatives of the municipalities emphasized that intergovernmental cooperation "
    "requires understanding, transparency and considerable administrative flexibility, "
    "especially where internationalization and decentralization interact unpredictably.",
]

ROTATED_PAGE_INTRO_TITLE = "Survey of Garden Birds"
ROTATED_PAGE_INTRO = [
    "Every spring the volunteers of the garden survey count the birds that visit their feeders "
    "during one hour on a Sunday morning. The results are collected on paper forms and then "
    "typed into a wide table, which is printed on the following landscape page.",
]
ROTATED_PAGE_LANDSCAPE = [
    "This page is printed in landscape orientation: the page is turned a quarter turn so that "
    "long lines fit across its width. Sparrows were again the most common visitors, followed by "
    "blackbirds, blue tits and starlings, while the number of greenfinches continued to fall "
    "for the fourth year in a row.",
    "Volunteers who saw rare species were asked to send a photograph, and three sightings of a "
    "hawfinch were confirmed by the committee this year.",
]

ROTATED_TEXT_TITLE = "Labels on the Museum Shelves"
ROTATED_TEXT_BEFORE = ("In the storage rooms of the museum, the labels on the spines of the "
                       "archive boxes are printed sideways, so that they can be read when the "
                       "boxes stand upright on the shelves.")
ROTATED_TEXT_LINES = ["Box seven: ancient coins", "Box eight: pottery shards"]
ROTATED_TEXT_AFTER = ("The two labels above are turned a quarter turn and read from bottom to top; "
                      "the left one comes first.")

SPACED_TITLE = "Annual Report"
SPACED_SUBTITLE = "Village Music Society"
SPACED_SECTION = "Concerts"
SPACED_TEXT = [
    "The society gave six concerts this year, two of them in the church and four in the "
    "school hall. The spring concert was the best attended in its history.",
    "The choir welcomed eleven new members, most of them young people from the neighbouring "
    "villages, and the orchestra bought a second-hand double bass.",
]
SPACED_SECTION2 = "Finances"
SPACED_TEXT2 = ("Ticket sales covered the hire of the halls, and a donation from a former "
                "member paid for new music stands.")

SPACED_WEB_TITLE = "Spring Exhibition"
SPACED_WEB_SUB = "Town Museum of Photography"
SPACED_WEB_TEXT = [
    "The exhibition shows sixty photographs of the town taken over one hundred years, from "
    "glass plates found in an attic to pictures taken last summer by pupils of the high school.",
    "Opening hours are from ten until five, every day except Monday. Admission is free.",
]

OCR_TITLE = "Letter from the Harbour Master"
OCR_TEXT = [
    "Dear Sir, I write to inform you that the repairs to the eastern breakwater will begin on "
    "the first of March and continue for about six weeks.",
    "During this period vessels longer than twenty metres should use the western entrance, "
    "and all boats are asked to keep their speed below five knots inside the harbour.",
    "Yours faithfully, the Harbour Master",
]

TYPE3_TITLE = "Bitmap Fonts in Old Documents"
TYPE3_TEXT = [
    "Before scalable outline fonts were common, many documents were typeset with bitmap fonts "
    "generated for one printer resolution. Such fonts are stored in the file as small pictures "
    "of each letter, which makes them look fuzzy when the page is magnified.",
    "The office staff found that the text of these files is often difficult to search, because "
    "the pictures carry no reliable information about which letters they show.",
]

ARABIC_TITLE = "الخط العربي"
ARABIC = [
    "الخط العربي فن قديم يجمع بين الجمال والدقة. يكتب العرب من اليمين إلى اليسار، وتتصل معظم "
    "الحروف ببعضها داخل الكلمة الواحدة.",
    "تتغير أشكال الحروف بحسب موقعها في الكلمة: في أولها أو وسطها أو آخرها أو منفردة. ولذلك "
    "يحتاج الحاسوب إلى قواعد خاصة لعرض النص العربي بشكل صحيح.",
    "في عام 2020 نشرت المكتبة أكثر من 350 كتابا عن تاريخ الخط وأنواعه المختلفة مثل النسخ والثلث "
    "والكوفي.",
]

HEBREW_TITLE = "ספרייה עירונית"
HEBREW = [
    "הספרייה העירונית נפתחה לפני יותר ממאה שנה. בכל בוקר מגיעים אליה תלמידים, סטודנטים וקוראים "
    "ותיקים.",
    "באולם הגדול יש שולחנות ארוכים ומנורות ירוקות. הספרנית מסדרת את הספרים החדשים על המדף ליד "
    "החלון.",
    "בשנת 1998 נוספה לספרייה קומה שנייה, ובה אוסף של 4500 מפות ישנות.",
]

BIDI_TITLE = "Words from Other Scripts"
BIDI_LTR = [
    "In Hebrew the greeting שלום עליכם is answered with עליכם השלום, and both phrases are "
    "written from right to left.",
    "The shop on Herzl Street sells ספרים ישנים for 25 shekels each, and the sign above its door "
    "reads مكتبة المدينة in Arabic.",
    "Version 3.2 of the manual gives the Hebrew title מדריך למשתמש on page 17.",
]
BIDI_RTL = [
    "המחשב החדש שלי הוא ThinkPad X1 והוא עלה 1200 דולר בשנת 2023.",
]

CHINESE_TITLE = "长江"
CHINESE = [
    "长江是中国最长的河流，全长约六千三百公里。它发源于青藏高原，向东流经许多省份，最后注入东海。",
    "长江流域气候温和，雨水充足，自古以来就是重要的农业地区。沿岸有许多历史悠久的城市，例如重庆、武汉和南京。",
    "今天，长江仍然是一条繁忙的水上交通线。每年都有大量的货船在江上往来，把粮食、煤炭和工业产品运到各地。",
]

JAPANESE_TITLE = "季節の便り"
JAPANESE = [
    "春になると、川沿いの桜が一斉に咲き始めます。週末には多くの人が花見に出かけ、木の下でお弁当を食べながら話を楽しみます。",
    "夏は暑くて湿度が高いですが、夜には各地で花火大会が開かれます。浴衣を着た子どもたちが屋台の間を歩いています。",
    "秋には紅葉が山を赤や黄色に染め、冬には北の地方で雪が静かに降り積もります。",
]

TATE_TITLE = "古い町の朝"
TATE = [
    "古い町の朝は静かです。豆腐屋の主人が店の戸を開け、湯気の立つ鍋をかき混ぜています。",
    "通りの向こうでは、おばあさんが植木に水をやっています。猫が塀の上で日なたぼっこをしています。",
    "やがて学校へ向かう子どもたちの声が聞こえてきて、町はゆっくりと目を覚まします。",
]

TATE_WEB_TITLE = "手紙"
TATE_WEB = [
    "お元気ですか。こちらは毎日よい天気が続いています。庭の梅の花がそろそろ咲きそうです。",
    "先日送っていただいたお茶をおいしくいただきました。香りがよく、家族もとても喜んでいます。",
    "また近いうちにお会いできるのを楽しみにしております。どうぞお体に気をつけてお過ごしください。",
]

RUSSIAN_TITLE = "Зимний вечер"
RUSSIAN = [
    "Зимой в деревне темнеет рано. Уже в четыре часа в окнах домов загораются огни, а над "
    "крышами поднимается дым из печных труб.",
    "Дети возвращаются с катка с красными щеками и мокрыми варежками. Бабушка ставит на стол "
    "самовар и достаёт из шкафа банку малинового варенья.",
    "После ужина вся семья собирается у печки. Дедушка рассказывает истории о своей молодости, "
    "а за окном тихо падает снег.",
]

GREEK_TITLE = "Το νησί"
GREEK = [
    "Το μικρό νησί βρίσκεται στη μέση του Αιγαίου. Τα σπίτια του είναι λευκά, με μπλε παράθυρα "
    "και πόρτες.",
    "Κάθε πρωί οι ψαράδες επιστρέφουν στο λιμάνι με τις βάρκες τους. Στην πλατεία οι γέροι πίνουν "
    "καφέ και συζητούν για τον καιρό.",
    "Το καλοκαίρι έρχονται πολλοί επισκέπτες από την Αθήνα και από το εξωτερικό. Τον χειμώνα όμως "
    "το νησί ησυχάζει ξανά.",
]

ROUTES_TITLE = "Three Walking Routes Compared"
ROUTES_INTRO = "Distances are for the round trip; the climb is the total ascent."
ROUTES_ROWS = [
    ["Route", "Distance and climb", "Surface", "Notes"],
    ["Cliff path", "14 km with 620 m of climb", "narrow grass and rock, muddy after rain",
     "fine views, but exposed in strong wind"],
    ["Valley track", "11 km with 180 m of climb", "gravel farm track",
     "suitable for families and for pushchairs"],
    ["Forest loop", "8 km with 300 m of climb", "earth paths with roots and steps",
     "shaded in summer; closed during tree felling"],
]
ROUTES_NOTE = "All three routes start from the car park behind the village hall."
