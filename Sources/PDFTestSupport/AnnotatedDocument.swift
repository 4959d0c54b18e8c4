extension PDFBuilder {
    /// Three pages with annotations of every kind the readers know, shared by the file-layer
    /// and PDFKit-layer tests.
    ///
    /// Page 1 (object 3): links 10 (URI with a space, unnormalised /Rect, /QuadPoints), 11
    /// (`/Dest [page 2 /XYZ 72 600 2]`), 12 (GoTo the named destination `chap2` = page 3
    /// `/FitH 500`), 13 (Named NextPage), 14 (GoToR other.pdf page index 2); a Text note 15
    /// (author Alice, open, modified 2024-01-02 03:04:05Z); a Highlight 16 with a 7-number
    /// /QuadPoints and its Popup 17 (open); then three bad entries: 18 without /Rect, a
    /// reference to the missing object 99, and 10 again.
    ///
    /// Page 2 (object 4): form widgets. Text field `form.name` (21 under 20: "John",
    /// required); choice field `form.choice` (22, combo box, items Red and Green exporting
    /// "Red" and "g", value "g") with its widget 23; check box `agree` (24: /V /Yes, read
    /// only); radio field `color` (25, value /blue) with widgets 26 (on state `red`, off)
    /// and 27 (on state `blue`, on); widget 28 whose /Parent 29 (`loop`, text) points back
    /// to 28; signature field `sig` (32); text field `rich` (33) whose value is a stream
    /// ("Streamed").
    package static func annotatedDocument() -> PDFBuilder {
        var b = PDFBuilder()
        b.add(1, "<< /Type /Catalog /Pages 2 0 R /Names << /Dests << /Names [(chap2) [5 0 R /FitH 500]] >> >> /AcroForm << /Fields [20 0 R 24 0 R 25 0 R 29 0 R 32 0 R 33 0 R] >> >>")
        b.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 612 792] >>")
        b.add(5, "<< /Type /Page /Parent 2 0 R >>")
        b.add(3, "<< /Type /Page /Parent 2 0 R /Annots [10 0 R 11 0 R 12 0 R 13 0 R 14 0 R 15 0 R 16 0 R 17 0 R 18 0 R 99 0 R 10 0 R] >>")
        b.add(4, "<< /Type /Page /Parent 2 0 R /Annots [21 0 R 23 0 R 24 0 R 26 0 R 27 0 R 28 0 R 32 0 R 33 0 R] >>")
        b.add(10, "<< /Type /Annot /Subtype /Link /Rect [200 700 100 680] /QuadPoints [100 700 200 700 100 680 200 680] /A << /S /URI /URI (https://example.org/a b) >> >>")
        b.add(11, "<< /Type /Annot /Subtype /Link /Rect [100 600 200 620] /Dest [4 0 R /XYZ 72 600 2] >>")
        b.add(12, "<< /Type /Annot /Subtype /Link /Rect [100 500 200 520] /A << /S /GoTo /D (chap2) >> >>")
        b.add(13, "<< /Type /Annot /Subtype /Link /Rect [100 400 200 420] /A << /S /Named /N /NextPage >> >>")
        b.add(14, "<< /Type /Annot /Subtype /Link /Rect [100 300 200 320] /A << /S /GoToR /F (other.pdf) /D [2 /FitH 500] >> >>")
        b.add(15, "<< /Type /Annot /Subtype /Text /Rect [300 700 320 720] /Contents (Note text) /T (Alice) /NM (n1) /M (D:20240102030405Z) /Open true /F 4 >>")
        b.add(16, "<< /Type /Annot /Subtype /Highlight /Rect [300 600 400 620] /QuadPoints [300 620 400 620 300 600 400 600 1] /T <FEFF0042006F0062> /Popup 17 0 R >>")
        b.add(17, "<< /Type /Annot /Subtype /Popup /Rect [400 600 500 700] /Open true /Parent 16 0 R >>")
        b.add(18, "<< /Type /Annot /Subtype /Text /Contents (no rect) >>")

        b.add(20, "<< /T (form) /Kids [21 0 R 22 0 R] >>")
        b.add(21, "<< /Type /Annot /Subtype /Widget /Rect [100 700 300 720] /Parent 20 0 R /T (name) /FT /Tx /V (John) /Ff 2 >>")
        b.add(22, "<< /Parent 20 0 R /T (choice) /FT /Ch /Ff 131072 /Opt [(Red) [(g) (Green)]] /V (g) /Kids [23 0 R] >>")
        b.add(23, "<< /Type /Annot /Subtype /Widget /Rect [100 650 300 670] /Parent 22 0 R >>")
        b.add(24, "<< /Type /Annot /Subtype /Widget /Rect [100 600 112 612] /FT /Btn /T (agree) /V /Yes /AS /Yes /Ff 1 /AP << /N << /Yes 30 0 R /Off 31 0 R >> >> >>")
        b.add(25, "<< /FT /Btn /Ff 49152 /T (color) /V /blue /Kids [26 0 R 27 0 R] >>")
        b.add(26, "<< /Type /Annot /Subtype /Widget /Rect [100 550 112 562] /Parent 25 0 R /AS /Off /AP << /N << /red 30 0 R /Off 31 0 R >> >> >>")
        b.add(27, "<< /Type /Annot /Subtype /Widget /Rect [120 550 132 562] /Parent 25 0 R /AS /blue /AP << /N << /blue 30 0 R /Off 31 0 R >> >> >>")
        b.add(28, "<< /Type /Annot /Subtype /Widget /Rect [100 500 300 520] /Parent 29 0 R >>")
        b.add(29, "<< /T (loop) /FT /Tx /Parent 28 0 R /Kids [28 0 R] >>")
        b.addStream(30, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 12 12]", text: "0 0 12 12 re f")
        b.addStream(31, dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 12 12]", text: "")
        b.add(32, "<< /Type /Annot /Subtype /Widget /Rect [100 400 300 440] /FT /Sig /T (sig) >>")
        b.add(33, "<< /Type /Annot /Subtype /Widget /Rect [100 350 300 370] /FT /Tx /T (rich) /V 34 0 R >>")
        b.addStream(34, text: "Streamed")
        return b
    }
}
