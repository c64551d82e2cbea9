import TestSupport

/// TOML documents for the reader's tests: the specification's examples and
/// the edges of each rule, filed as valid or invalid (a test checks the
/// filing against Python's `tomllib`), and a way to make more by mutation.
enum TOMLCorpus {
    static let valid: [String] = [
        "",
        "# only a comment\n",
        "a = 1",
        "key = \"value\"\nbare_key = \"value\"\nbare-key = \"value\"\n1234 = \"value\"\n",
        "\"127.0.0.1\" = \"value\"\n\"character encoding\" = \"value\"\n\"ʎǝʞ\" = \"value\"\n'key2' = \"value\"\n'quoted \"value\"' = \"value\"\n",
        "\"\" = \"blank\"\n",
        "name = \"Orange\"\nphysical.color = \"orange\"\nphysical.shape = \"round\"\nsite.\"google.com\" = true\n",
        "fruit.name = \"banana\"     # this is best practice\nfruit. color = \"yellow\"    # same as fruit.color\nfruit . flavor = \"banana\"   # same as fruit.flavor\n",
        "apple.type = \"fruit\"\norange.type = \"fruit\"\napple.skin = \"thin\"\norange.skin = \"thick\"\n",
        "3.14159 = \"pi\"\n",
        "str = \"I'm a string. \\\"You can quote me\\\". Name\\tJos\\u00E9\\nLocation\\tSF.\"\n",
        "e = \"\\b\\t\\n\\f\\r\\\"\\\\ \\U0001F95B \\u00e9\"\n",
        "str1 = \"\"\"\nRoses are red\nViolets are blue\"\"\"\n",
        "str2 = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\"\n",
        "str3 = \"\"\"\\\n       The quick brown \\\n       fox jumps over \\\n       the lazy dog.\\\n       \"\"\"\n",
        "str4 = \"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"\nstr5 = \"\"\"Here are three quotation marks: \"\"\\\".\"\"\"\nstr7 = \"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"\n",
        "winpath  = 'C:\\Users\\nodejs\\templates'\nquoted   = 'Tom \"Dubs\" Preston-Werner'\nregex    = '<\\i\\c*\\s*>'\n",
        "regex2 = '''I [dw]on't need \\d{2} apples'''\nlines  = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''\n",
        "quot15 = '''Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"'''\napos15 = \"Here are fifteen apostrophes: '''''''''''''''\"\nstr = ''''That,' she said, 'is still pointless.''''\n",
        "a = \"\"\"\"\"\"\nb = ''''''\nc = \"\"\"\"\"\"\"\"\n",
        "int1 = +99\nint2 = 42\nint3 = 0\nint4 = -17\nint5 = 1_000\nint6 = 5_349_221\nint7 = 53_49_221\nint8 = 1_2_3_4_5\n",
        "hex1 = 0xDEADBEEF\nhex2 = 0xdeadbeef\nhex3 = 0xdead_beef\noct1 = 0o01234567\noct2 = 0o755\nbin1 = 0b11010110\n",
        "max = 9223372036854775807\nmin = -9223372036854775808\nzero = -0\nplus = +0\nh = 0x7FFFFFFFFFFFFFFF\n",
        "flt1 = +1.0\nflt2 = 3.1415\nflt3 = -0.01\nflt4 = 5e+22\nflt5 = 1e06\nflt6 = -2E-2\nflt7 = 6.626e-34\nflt8 = 224_617.445_991_228\n",
        "sf1 = inf\nsf2 = +inf\nsf3 = -inf\nsf4 = nan\nsf5 = +nan\nsf6 = -nan\nz = -0.0\ny = 0e0\nx = 1e400\n",
        "bool1 = true\nbool2 = false\n",
        "odt1 = 1979-05-27T07:32:00Z\nodt2 = 1979-05-27T00:32:00-07:00\nodt3 = 1979-05-27T00:32:00.999999-07:00\nodt4 = 1979-05-27 07:32:00Z\n",
        "ldt1 = 1979-05-27T07:32:00\nldt2 = 1979-05-27T00:32:00.999999\nld1 = 1979-05-27\nlt1 = 07:32:00\nlt2 = 00:32:00.999999\n",
        "a = 2000-02-29\nb = 2024-12-31t23:59:59.123456789z\nc = 0001-01-01 00:00:00+23:59\n",
        "integers = [ 1, 2, 3 ]\ncolors = [ \"red\", \"yellow\", \"green\" ]\nnested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]\nnested_mixed_array = [ [ 1, 2 ], [\"a\", \"b\", \"c\"] ]\n",
        "string_array = [ \"all\", 'strings', \"\"\"are the same\"\"\", '''type''' ]\nnumbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]\n",
        "contributors = [\n  \"Foo Bar <foo@example.com>\",\n  { name = \"Baz Qux\", email = \"bazqux@example.com\", url = \"https://example.com/bazqux\" }\n]\n",
        "integers2 = [\n  1, 2, 3\n]\nintegers3 = [\n  1,\n  2, # this is ok\n]\nempty = [ ]\nempty2 = [\n# nothing\n]\n",
        "[table]\n",
        "[table-1]\nkey1 = \"some string\"\nkey2 = 123\n\n[table-2]\nkey1 = \"another string\"\nkey2 = 456\n",
        "[dog.\"tater.man\"]\ntype.name = \"pug\"\n",
        "[a.b.c]            # this is best practice\n[ d.e.f ]          # same as [d.e.f]\n[ g .  h  . i ]    # same as [g.h.i]\n[ j . \"ʞ\" . 'l' ]  # same as [j.\"ʞ\".'l']\n",
        "# [x] you\n# [x.y] don't\n# [x.y.z] need these\n[x.y.z.w] # for this to work\n\n[x] # defining a super-table afterward is ok\n",
        "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n\n[fruit.apple.texture]  # you can add sub-tables\nsmooth = true\n",
        "name = { first = \"Tom\", last = \"Preston-Werner\" }\npoint = { x = 1, y = 2 }\nanimal = { type.name = \"pug\" }\nempty = {}\n",
        "[[products]]\nname = \"Hammer\"\nsku = 738594937\n\n[[products]]  # empty table within the array\n\n[[products]]\nname = \"Nail\"\nsku = 284758393\n\ncolor = \"gray\"\n",
        "[[fruits]]\nname = \"apple\"\n\n[fruits.physical]  # subtable\ncolor = \"red\"\nshape = \"round\"\n\n[[fruits.varieties]]  # nested array of tables\nname = \"red delicious\"\n\n[[fruits.varieties]]\nname = \"granny smith\"\n\n\n[[fruits]]\nname = \"banana\"\n\n[[fruits.varieties]]\nname = \"plantain\"\n",
        "points = [ { x = 1, y = 2, z = 3 },\n           { x = 7, y = 8, z = 9 },\n           { x = 2, y = 4, z = 8 } ]\n",
        "[a.b.c]\n[a]\nb.d = 1\n",
        "a.b = 1\n[a.c]\nd = 2\n",
        "t = { a.b = 1, a.c = 2 }\n",
        "key = \"value\"\r\nother = \"\"\"two\r\nlines\"\"\"\r\n",
        "  indented = 1\n\t[ tab ]\n\tx = 2\n",
        "[notify]\nchannels = [\"tmux\", \"command\"]\ncommand = [\"notify-me\", \"--title\", \"Checklists\"]\n",
        "[keys]\nadd = [\"n\", \"a\"]\ndelete = \"d\"\n[colors]\nselection = { fg = \"black\", bg = \"cyan\" }\nheadings = 33\n",
        "[sync]\nurl = \"https://dav.example.org/\"\nusername = \"me\"\npassword_command = [\"pass\", \"show\", \"dav\"]\ninterval = \"15m\"\n",
        "sync.url = \"https://dav.example.org/\"\nsync.interval = 900\n",
        "title = \"买牛奶 buy milk 🥛\" # 注释 comment é\n\"ключ\" = 'значение'\n",
        "a = [[1, [2, [3]]], {b = [{c = {}}]}]\n",
        "x = \"\\u0000 \\u001F \\u007F\"\n",
        "a = 1 # comment with \ttab\n",
    ]

    static let invalid: [String] = [
        "key = # no value\n",
        "first = \"Tom\" last = \"Preston-Werner\"\n",
        "= \"no key name\"\n",
        "name = \"Tom\"\nname = \"Pradyun\"\n",
        "spelling = \"favorite\"\n\"spelling\" = \"favourite\"\n",
        "fruit.apple = 1\nfruit.apple.smooth = true\n",
        "key\n= 1\n",
        "key = \n1\n",
        "str = \"unclosed\n",
        "str = 'unclosed\n",
        "str = \"\"\"unclosed\n",
        "str = '''unclosed\n",
        "str = \"bad \\x escape\"\n",
        "str = \"bad \\uD800 surrogate\"\n",
        "str = \"past \\U00110000\"\n",
        "str = \"short \\u12\"\n",
        "str = \"raw \u{01} control\"\n",
        "str = 'raw \u{7F} delete'\n",
        "str = \"\"\"\nbare \\ backslash\"\"\"\n",
        "str = \"\"\"a\"\"\"\"\"\"\n",
        "# a comment with \u{01} a control\n",
        "a = 1\r\rb = 2\n",
        "a = \"lone\rcr\"\n",
        "int = +0x1F\n",
        "int = 0X1F\n",
        "int = 0x\n",
        "int = 0o8\n",
        "int = 0b2\n",
        "int = 012\n",
        "int = 1__000\n",
        "int = _1000\n",
        "int = 1000_\n",
        "int = 9223372036854775808\n",
        "int = -9223372036854775809\n",
        "int = 0x1_0000_0000_0000_0000\n",
        "flt = .7\n",
        "flt = 7.\n",
        "flt = 3.e+20\n",
        "flt = 1e\n",
        "flt = 1.5_\n",
        "flt = 1_.5\n",
        "flt = 00.5\n",
        "flt = infinity\n",
        "flt = Inf\n",
        "flt = NaN\n",
        "b = True\n",
        "b = truee\n",
        "b = fals\n",
        "d = 1979-13-27\n",
        "d = 1979-02-30\n",
        "d = 2023-02-29\n",
        "d = 1979-5-27\n",
        "d = 0000-01-01\n",
        "t = 24:00:00\n",
        "t = 07:60:00\n",
        "t = 07:32:60\n",
        "t = 07:32\n",
        "t = 07:32:00.\n",
        "t = 07:32:00Z\n",
        "dt = 1979-05-27T07:32\n",
        "dt = 1979-05-27T07:32:00+7:00\n",
        "dt = 1979-05-27T07:32:00+24:00\n",
        "dt = 1979-05-27X07:32:00\n",
        "dt = 1979-05-27 07:32\n",
        "a = [1, 2\n",
        "a = [1 2]\n",
        "a = [,]\n",
        "a = [1,,2]\n",
        "a = {b = 1,}\n",
        "a = {b = 1\n, c = 2}\n",
        "a = {b = 1, b = 2}\n",
        "a = {b.c = 1, b = 2}\n",
        "a = { b = {c = 1}, b.d = 2 }\n",
        "[product]\ntype = { name = \"Nail\" }\ntype.edible = false\n",
        "[product]\ntype.name = \"Nail\"\ntype = { edible = false }\n",
        "[fruit]\napple = \"red\"\n\n[fruit]\norange = \"orange\"\n",
        "[fruit]\napple = \"red\"\n\n[fruit.apple]\ntexture = \"smooth\"\n",
        "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n\n[fruit.apple]\n",
        "[fruit]\napple.color = \"red\"\n[fruit.apple.taste]\n[fruit]\napple.size = 1\n",
        "[a.b.c]\nz = 9\n[a]\nb.c.t = 9\n",
        "[a.b]\n[a]\nb.x = 1\n",
        "a.b = 1\n[a]\n",
        "[[fruits]]\nname = \"apple\"\n\n[[fruits.varieties]]\nname = \"red delicious\"\n\n[fruits.varieties]\nname = \"granny smith\"\n",
        "[fruit.physical]\ncolor = \"red\"\n\n[[fruit]]\nname = \"apple\"\n",
        "fruits = []\n\n[[fruits]]\n",
        "a = [{b = 1}]\n[[a]]\n",
        "a = {}\n[a]\n",
        "a = {}\n[a.b]\n",
        "[]\n",
        "[a.]\n",
        "[.a]\n",
        "[a..b]\n",
        "[a] b = 1\n",
        "[a\n",
        "[[a]\n",
        "[ [a] ]\n",
        "[a]]\n",
        "[\"\"\"a\"\"\"]\n",
        "a.b.c = 1\na.b = 2\n",
        "a = 1\na.b = 2\n",
        "\"\"\"key\"\"\" = 1\n",
        "ke y = 1\n",
        "ke.y. = 1\n",
        "a = \"x\" \"y\"\n",
        "a = 1 2\n",
        "a = 1\nb\n",
        "a = \"\u{0}\"\n",
    ]

    /// Bits of TOML a mutation inserts: each breaks or remakes some rule.
    static let fragments: [String] = [
        "[a]\n", "[[a]]\n", "a.b = 1\n", "a = 2\n", "[a.b]\n", "b = {c = 1}\n", "\"", "'", "\"\"\"", "'''", "\\", "=", "#",
        "[", "]", "{", "}", ",", ".", "_", "0x", "1e5", "-", "+", "T", ":", "\n", " ", "\t", "\r\n", "é", "🥛", "\u{7F}", "inf",
    ]
    static let scalars: [Unicode.Scalar] = Array(" \t\n\r\"'[]{}=.,#_-+:0123456789abefilnorstuxzATZ\\é🥛\u{7F}\u{01}".unicodeScalars)

    /// One to three random edits of `document`: a character or fragment
    /// inserted, deleted or replaced, a line repeated or dropped.
    static func mutate(_ document: String, random: inout SeededRandom) -> String {
        var text = Array(document.unicodeScalars)
        for _ in 0..<(1 + Int(random.next() % 3)) {
            let place = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count + 1))
            switch random.next() % 6 {
            case 0:
                text.insert(scalars[Int(random.next() % UInt64(scalars.count))], at: place)
            case 1:
                text.insert(contentsOf: fragments[Int(random.next() % UInt64(fragments.count))].unicodeScalars, at: place)
            case 2:
                if place < text.count { text.remove(at: place) }
            case 3:
                if place < text.count { text[place] = scalars[Int(random.next() % UInt64(scalars.count))] }
            default:
                var lines = String(String.UnicodeScalarView(text)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                guard !lines.isEmpty else { continue }
                let line = Int(random.next() % UInt64(lines.count))
                if random.next() % 2 == 0 { lines.insert(lines[line], at: line) } else { lines.remove(at: line) }
                text = Array(lines.joined(separator: "\n").unicodeScalars)
            }
        }
        return String(String.UnicodeScalarView(text))
    }
}
