"""Seeded text for the layout corpus, written for the project.

Everything here draws from a `random.Random` the caller seeds, so a document's text is a
function of its family and seed. The vocabularies avoid hyphens, quotes and TeX specials so
that every producer prints exactly the characters of the string (the ground truth).
"""

NOUNS = ("harbour river valley garden library village market station bridge tower island forest "
         "meadow kitchen window letter journey morning evening winter summer autumn spring season "
         "teacher farmer painter sailor baker keeper student traveller neighbour council museum "
         "mountain hillside orchard vineyard lantern compass journal archive chapter account "
         "committee harvest weather lighthouse ferry carriage workshop festival concert theatre "
         "schoolhouse parliament cathedral observatory laboratory instrument measurement "
         "opportunity arrangement correspondence administration neighbourhood").split()
VERBS = ("opens closes carries follows crosses reaches describes collects measures records repairs "
         "visits watches remembers prepares explains gathers protects receives announces considers "
         "establishes illustrates accompanies understands").split()
ADJS = ("quiet narrow ancient gentle distant careful bright heavy patient curious modest wooden "
        "northern southern eastern western silent familiar remarkable comfortable extraordinary "
        "independent considerable magnificent unexpected").split()
ADVS = "slowly often rarely carefully quietly early late always seldom gradually".split()
PREPS = "across along beyond behind near under above before after beside towards".split()
NAMES = ("Anna Bruno Clara David Elena Felix Greta Hugo Ingrid Jonas Karin Lucas Marta Nils Olga "
         "Pablo Rosa Stefan Tilde Viktor").split()
PLACES = ("Aberdeen Bergen Lisbon Tallinn Porto Galway Trieste Ghent Uppsala Bologna Kraków Dundee "
          "Split Tromsø Lyon Basel").split()


def sentence(rng, lo=6, hi=14):
    """One English sentence: capitalised, ending with a full stop (or ? or !)."""
    n = rng.randint(lo, hi)
    out = []
    while len(out) < n:
        k = rng.random()
        if k < 0.3:
            out += ["the", rng.choice(ADJS), rng.choice(NOUNS)]
        elif k < 0.5:
            out += [rng.choice(VERBS), "the", rng.choice(NOUNS)]
        elif k < 0.62:
            out += [rng.choice(PREPS), "the", rng.choice(NOUNS)]
        elif k < 0.7:
            out += [rng.choice(NAMES)]
        elif k < 0.76:
            out += ["in", rng.choice(PLACES)]
        elif k < 0.82:
            out += [rng.choice(ADVS)]
        elif k < 0.87:
            out += [str(rng.randint(2, 1999))]
        else:
            out += ["and", rng.choice(NOUNS)]
    s = " ".join(out)
    end = rng.choices([".", "?", "!"], [0.9, 0.06, 0.04])[0]
    return s[0].upper() + s[1:] + end


def paragraph(rng, lo=3, hi=6, slo=6, shi=14):
    return " ".join(sentence(rng, slo, shi) for _ in range(rng.randint(lo, hi)))


def title(rng, lo=2, hi=5):
    words = [rng.choice(ADJS + NOUNS) for _ in range(rng.randint(lo, hi))]
    return " ".join(w.capitalize() for w in words)


def phrase(rng, lo=2, hi=6):
    """A short lower-case phrase (no full stop), e.g. a table cell or a caption fragment."""
    words = [rng.choice(ADJS + NOUNS + NOUNS) for _ in range(rng.randint(lo, hi))]
    s = " ".join(words)
    return s[0].upper() + s[1:]


LONG = [w for w in NOUNS + ADJS if len(w) >= 10]


def river_paragraph(rng, n):
    """Words for justified narrow columns: long words between short ones make the spaces of
    neighbouring lines wide, so that they line up into rivers."""
    out = []
    for _ in range(n):
        out.append(rng.choice(LONG) if rng.random() < 0.45 else rng.choice(["a", "an", "of", "to", "in", "is", "by", "at", "on", "as"]))
    s = " ".join(out)
    return s[0].upper() + s[1:] + "."


# --- other languages -------------------------------------------------------------------------

GERMAN = ("Schöpfung Müller Übersicht Größe Straße ähnlich Tür König Bäcker Fährmann schön grün "
          "über Prüfung Gebäude Brücke Mädchen Vögel fröhlich Häuser Bürger Küche").split()
FRENCH = ("été élève café théâtre forêt hôtel garçon façade fenêtre château crème leçon déjà "
          "où très bientôt côte tâche français réveil naïve Noël").split()
NORDIC = ("Århus ångström blåbær sø fjørd Ålesund kærlighed øl Malmö Göteborg Kødbyen "
          "Strømmen næste gård").split()
# For pdfLaTeX OT1 source: how each accented letter is typed (spacing accents over a letter).
OT1_TEX = {"ä": '\\"a', "ö": '\\"o', "ü": '\\"u', "Ä": '\\"A', "Ö": '\\"O', "Ü": '\\"U', "ß": "\\ss{}",
           "é": "\\'e", "è": "\\`e", "ê": "\\^e", "â": "\\^a", "ô": "\\^o", "î": "\\^i", "ç": "\\c{c}",
           "ë": '\\"e', "ï": '\\"\\i{}', "à": "\\`a", "ù": "\\`u", "û": "\\^u",
           "å": "\\aa{}", "Å": "\\AA{}", "ø": "\\o{}", "Ø": "\\O{}", "æ": "\\ae{}", "Æ": "\\AE{}"}


def accented_sentence(rng, vocab):
    words = []
    for _ in range(rng.randint(7, 13)):
        words.append(rng.choice(vocab) if rng.random() < 0.45 else rng.choice(NOUNS + ADJS + ["and", "the", "of"]))
    s = " ".join(words)
    return s[0].upper() + s[1:] + "."


ARABIC_PLAIN = ("مرحبا العالم الخط العربي جميل الكتاب المكتبة القراءة مفيدة الطلاب الجامعة اليوم "
                "الشمس السماء القمر مدينة القاهرة بيروت تونس الرباط البحر الطريق المدرسة").split()
# With harakat and tanween (fatha, damma, kasra, shadda, sukun; -un, -an, -in).
ARABIC_HARAKAT = ("الكِتَابُ جَمِيلٌ المَدِينَةُ كَبِيرَةٌ ذَهَبَ الوَلَدُ إِلَى المَدْرَسَةِ فِي الصَّبَاحِ "
                  "قَرَأَ الطَّالِبُ دَرْسًا جَدِيدًا شُكْرًا كَثِيرًا يَوْمٌ سَعِيدٌ البَحْرُ هَادِئٌ "
                  "بَيْتٍ قَلَمٌ").split()
HEBREW = ("ספר הספרייה העירונית פתוחה בכל יום ילדים קוראים ספרים חדשים בבוקר הים שקט היום העיר "
          "גדולה תלמידים לומדים בבית הספר שלום תודה רבה מחשב חדש").split()
LATIN_IN_RTL = ["PDF", "Unicode", "Linux", "UTF-8", "HTML", "Python", "OpenType", "ISO 32000", "Wikipedia"]


def rtl_sentence(rng, script, harakat=False, start_latin=False):
    """An RTL sentence in logical order, with Latin words and numbers inside; when
    start_latin, it starts with a Latin word or a number."""
    vocab = {"he": HEBREW, "ar": ARABIC_HARAKAT if harakat else ARABIC_PLAIN}[script]
    words = [rng.choice(vocab) for _ in range(rng.randint(6, 12))]
    for _ in range(rng.randint(1, 2)):
        words.insert(rng.randint(1, len(words) - 1),
                     rng.choice(LATIN_IN_RTL) if rng.random() < 0.6 else str(rng.randint(3, 2024)))
    if start_latin:
        words.insert(0, rng.choice(LATIN_IN_RTL) if rng.random() < 0.5 else str(rng.randint(10, 999)))
    end = rng.choice([".", ".", "!", "؟" if script == "ar" else "?", ":"])
    return " ".join(words) + end


JAPANESE = ["古い町の朝は静かです", "川の水は冷たく澄んでいます", "駅の前に小さな店があります",
            "子供たちは公園で遊んでいます", "秋になると山の木が赤くなります", "図書館には多くの本があります",
            "祖母は毎朝早く起きます", "港に船が着きました", "雨の日は家で本を読みます", "新しい橋が完成しました"]


def japanese_sentence(rng, with_numbers=True):
    s = rng.choice(JAPANESE)
    if with_numbers and rng.random() < 0.7:
        s = rng.choice(["第{n}条によれば", "{n}年に", "{n}月{m}日に", "{n}人が集まり", "午後{n}時に"]).format(
            n=rng.randint(1, 99), m=rng.randint(1, 28)) + s
    return s + "。"


RUSSIAN = ["Зимний вечер был тихим и холодным.", "На берегу реки стоял старый дом.",
           "Дети читали книги в библиотеке.", "Поезд пришёл в город рано утром.",
           "Учитель рассказывал о далёких странах."]
GREEK = ["Το νησί είναι μικρό και ήσυχο.", "Τα παιδιά παίζουν στην παραλία.",
         "Ο ψαράς επιστρέφει το πρωί.", "Η βιβλιοθήκη ανοίγει κάθε μέρα.", "Ο καιρός είναι ζεστός σήμερα."]
CHINESE = ["长江是中国最长的河流。", "图书馆里有很多书。", "早上的城市很安静。", "孩子们在公园里玩。", "秋天的山很美。"]
