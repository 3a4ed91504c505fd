import CheckoutEngine
import Foundation
import GatewaySimulator
import PaymentHistory
import TerminalUI

/// The command line in one table: every command and every option, with the commands that take each. The
/// parser, `--help` and each command's help, the usage line under an error and "did you mean" all come from
/// it.
public enum CommandTable {
  /// Where the command line is documented in full.
  public static let reference = "docs/reference/cli.md"

  public static let commands: [CommandSpec] = [
    CommandSpec(
      name: .checkout, arguments: "", summary: "run the checkout in this terminal",
      details: """
        The interactive checkout: a Drop-in and its Apple Pay sheet driven by keys, every merchant callback \
        in the event pane, payments through the simulated gateway. Press ? in the program for every key. \
        Standard input and output must both be a terminal.
        """,
      examples: ["paydrill --scenario tokyo-yen --latency 0"],
      exitStatus: """
        0 quit (q or Ctrl-C); 2 usage or bad input (a bad scenario or theme, no terminal, a file that cannot \
        be written); 128+N ended by signal N
        """),
    CommandSpec(
      name: .play, arguments: "TAPE…",
      summary: "replay tapes (VHS syntax) headlessly and check their Wait and Expect lines",
      details: """
        Each tape runs in a fresh checkout on a virtual clock, with the options of its header \
        (# paydrill: …) under those of the command line. A line per tape (passed or failed, the tape, its time), \
        a total, and each failure in full. Every output's path (--junit, --screen, --events, --cast, \
        --screens) is checked before the first tape runs.
        """,
      examples: ["paydrill play Tapes/*.tape --latency 50 --no-ledger --junit report.xml"],
      exitStatus: """
        0 every tape passed; 1 a tape failed (a Wait timed out or an Expect did not hold); 2 usage or bad \
        input (a missing or bad tape, scenario or theme, a file that cannot be written)
        """),
    CommandSpec(
      name: .mergeJUnit, arguments: "REPORT…",
      summary: "merge the JUnit reports of a suite's shards (play --shard) into one report",
      details: """
        One testsuites with every suite and test case of the reports and the totals (tests, failures, \
        errors, skipped, time) summed. A suite in several reports (play's "paydrill tapes") becomes one, its \
        test cases in the order of their files; the result does not depend on the order the reports are \
        named in. A file that is not a JUnit report, and a test case in two reports (shards that overlap), \
        are errors, each with its file: nothing is written then. The merged report goes to standard output, \
        or to --output FILE.
        """,
      examples: ["paydrill merge-junit tapes-*.xml --output tapes.xml"],
      exitStatus: """
        0 merged, whatever the tests' results; 2 usage or bad input (a missing file or one that is not a \
        JUnit report, a test case in two reports, a file that cannot be written)
        """),
    CommandSpec(
      name: .record, arguments: "TAPE", summary: "run the checkout and write its keys as a tape",
      details: """
        The interactive checkout, with REC and the time in its header; when it ends, its keys are written \
        to TAPE as a tape a person would write: one Type per field, a Wait for each new screen instead of \
        pauses, and Expect checks of the outcome (the screen, the last callback, the amount) at the end. \
        The header keeps the scenario, theme, size, seed and clock start.
        """,
      examples: ["paydrill record my-flow.tape --scenario harbour-books"],
      exitStatus: """
        0 recorded; 2 usage or bad input (a bad scenario or theme, no terminal, the tape cannot be written); \
        128+N ended by signal N
        """),
    CommandSpec(
      name: .demo, arguments: "TAPE",
      summary: "play a tape in this terminal at human pace, with its captions",
      details: "For a presentation: Space pauses and resumes, → steps one line, q stops.",
      examples: ["paydrill demo Tapes/coupon-demo.tape --zoom --typing-speed 40"],
      exitStatus: "0 done; 2 usage or bad input (a missing or bad tape, no terminal); 128+N ended by signal N"
    ),
    CommandSpec(
      name: .check, arguments: "FILE…",
      summary: "validate scenarios, themes and tapes without running them",
      details: """
        Every problem is printed with its file and its line (tapes) or JSON path (scenarios, themes). A \
        folder stands for the .json and .tape files in it.
        """,
      examples: ["paydrill check Scenarios Themes Tapes"],
      exitStatus: "0 every file is fine; 2 a problem was found, or usage"),
    CommandSpec(
      name: .schema, arguments: "scenario|theme",
      summary: "print the JSON Schema of scenario or theme files, for an editor or a CI validator",
      details: """
        The same text as docs/schema/NAME.schema.json (JSON Schema draft 2020-12). Name it with "$schema" in \
        a file and an editor completes and checks it; any validator can check files in CI. paydrill check \
        checks what a schema cannot (a currency against the transaction's, a card number's Luhn digit).
        """,
      examples: ["paydrill schema scenario > scenario.schema.json"],
      exitStatus: "0 printed; 2 usage (no such schema)"),
    CommandSpec(
      name: .buttons, arguments: "",
      summary: "the Apple Pay button gallery (--print: plain text, no terminal)",
      details:
        "Every type and style of the Apple Pay button, and the configuration snippet of the one shown.",
      examples: ["paydrill buttons --type buy --style whiteOutline --radius 8 --print"],
      exitStatus: "0 done; 2 usage or bad input (no terminal without --print)"),
    CommandSpec(
      name: .scenarios, arguments: "", summary: "list the built-in scenarios",
      details: "Each one's name (for --scenario NAME) and what it shows.",
      examples: ["paydrill scenarios"], exitStatus: "0 done; 2 usage"),
    CommandSpec(
      name: .cards, arguments: "", summary: "list the test cards and what each one does",
      details: "The numbers the simulated gateway knows: approvals, declines, 3-D Secure, AVS, faults.",
      examples: ["paydrill cards"], exitStatus: "0 done; 2 usage"),
    CommandSpec(
      name: .sign, arguments: "", summary: "the sessions API's HMAC-SHA256 signature of a request body",
      details: """
        Prints the string to sign and its signature, to check your backend's signing against. The token's \
        value is used, never printed.
        """,
      examples: ["paydrill sign --token-id TOKEN_ID --token-key TOKEN_KEY --body session-request.json"],
      exitStatus: "0 done; 2 usage or bad input (a missing option, file or JSON body)"),
    CommandSpec(
      name: .session, arguments: "", summary: "a session request through the simulated sessions API",
      details: """
        Sends --request FILE as your backend would and prints the session (its keys redacted) or the API's \
        error. With --signature (and --token-id, --token-key, --timestamp, --request-id) the signature is \
        checked first.
        """,
      examples: ["paydrill session --request session-request.json"],
      exitStatus: """
        0 the API created a session; 1 the API refused the request (a 400 or 401); 2 usage or bad input
        """),
    CommandSpec(
      name: .serve, arguments: "",
      summary: "the simulated gateway over HTTP for your backend: sessions, and lookups of payments",
      details: """
        Serves POST /api/v1/sessions (the SDK documents' session request, checked like paydrill session: every \
        field rule, the signature in the X-PayDrill-* headers, the timestamp window, request ids never \
        reused) and PayDrill's own lookups, GET /api/v1/sessions/ID and GET /api/v1/transactions/ID or \
        ?merchantTransactionId=ID. Sessions go to the ledger: paydrill --session ID pays in one. Prints \
        the URL and the token ids it accepts (never a key), then a line per request; Ctrl-C stops it. \
        docs/reference/http-api.md has the API.
        """,
      examples: [
        "paydrill serve", "paydrill serve --listen 127.0.0.1:0 --token my-id:my-key --ledger /tmp/l.sqlite3",
      ],
      exitStatus: """
        0 stopped (Ctrl-C, SIGTERM); 2 usage or bad input (an address that cannot be bound, a ledger that \
        cannot be opened)
        """),
    CommandSpec(
      name: .history, arguments: "[show ID]",
      summary: "recent payment attempts from the ledger; history show ID: one in full",
      details: """
        The run history, newest first, as a table or JSON Lines; history show ID prints one attempt with its \
        events. The attempts of tape replays (paydrill play) are left out unless --replays is given.
        """,
      examples: ["paydrill history --outcome failed --since 2026-11-01", "paydrill history show 2 --json"],
      exitStatus: """
        0 done (also when nothing is recorded); 1 history show found no such attempt; 2 usage or bad input \
        (a ledger that cannot be read)
        """),
    CommandSpec(
      name: .fuzz, arguments: "",
      summary: "random input against every scenario; the invariants checked after each step",
      details: """
        Drives the engine and the screens with random input and checks the invariants after every step. When \
        one breaks, it prints the random seed, the step, the invariant and a minimal tape; the same seed repeats \
        the run.
        """,
      examples: ["paydrill fuzz --actions 10000 --seed 7"],
      exitStatus:
        "0 no invariant broke; 1 one broke (the report and a minimal tape are printed); 2 usage or bad input"
    ),
    CommandSpec(
      name: .completions, arguments: CompletionShell.allCases.map(\.rawValue).joined(separator: "|"),
      summary: "print the shell completion script for bash, zsh or fish",
      details: """
        Completes the commands, each command's own options, the values of options that take a fixed list \
        (the built-in scenarios and themes among them) and the tapes and files commands take. It is made \
        from the same table as the help, so print it again after an upgrade. make install puts each \
        shell's script where that shell looks for it (docs/guides/install.md).
        """,
      examples: ["source <(paydrill completions bash)", "paydrill completions fish | source"],
      exitStatus: "0 printed; 2 usage (no such shell)"),
    CommandSpec(
      name: .man, arguments: "",
      summary: "print the manual page paydrill(1) as roff, for man -l - or make install",
      details: """
        The manual page paydrill(1), made from the same table as the help: every command with its options, \
        the exit status and the files PayDrill reads and writes. make install installs it.
        """,
      examples: ["paydrill man | man -l -"], exitStatus: "0 printed; 2 usage"),
    CommandSpec(
      name: .help, arguments: "[COMMAND]", summary: "this overview, or a command's options and an example",
      details: "paydrill help COMMAND is the same as paydrill COMMAND --help.",
      examples: ["paydrill help play"], exitStatus: "0 done; 2 an unknown command"),
  ]

  /// The command with this name.
  public static func command(_ name: CommandSpec.Name) -> CommandSpec {
    commands.first { $0.name == name }!
  }

  /// The command typed as `word`, if there is one.
  public static func command(word: String) -> CommandSpec? {
    commands.first { $0.name.word == word }
  }

  /// The commands that run a checkout, and take the options that set one up.
  static let runsCheckout: Set<CommandSpec.Name> = [.checkout, .record, .demo, .play]
  /// The commands of the interactive terminal.
  static let interactive: Set<CommandSpec.Name> = [.checkout, .record, .demo]
  /// The commands that run the HTTP server: serve, and the checkout with --serve.
  static let serves: Set<CommandSpec.Name> = [.serve, .checkout]

  public static let options: [OptionSpec] = [
    // The checkout's set-up.
    OptionSpec(
      "--scenario", "NAME|PATH",
      "a built-in scenario (see paydrill scenarios) or a scenario file; default acme-electronics",
      for: runsCheckout.union([.session]), section: .checkout, inTapeHeader: true
    ) { options, queue, name in options.scenarioPath = try queue.value(for: name) },
    OptionSpec(
      "--theme", "NAME|PATH",
      "dark (default), light, high-contrast or a theme file; NO_COLOR turns colours off",
      for: runsCheckout.union([.buttons]), section: .checkout, choices: ["dark", "light", "high-contrast"],
      inTapeHeader: true
    ) { options, queue, name in options.theme = try queue.value(for: name) },
    OptionSpec(
      "--latency", "MS", "the simulated gateway's latency in milliseconds, 0 to 600000 (default 600)",
      for: runsCheckout.union([.session]), section: .checkout, inTapeHeader: true
    ) { options, queue, name in
      options.latencyMilliseconds = try queue.number(
        for: name, in: 0...600_000, taking: "milliseconds from 0 to 600000")
    },
    OptionSpec(
      "--seed", "N",
      "the random seed of the gateway's transaction ids, latency jitter and random faults (default: a new one each run, kept in the ledger); the same seed repeats them",
      for: runsCheckout.union([.session]), section: .checkout, inTapeHeader: true
    ) { options, queue, name in
      options.seed = try queue.number(for: name, in: 0...UInt64.max, taking: "a whole number")
    },
    OptionSpec(
      "--locale", "LOCALE",
      "the shopper's texts and money: " + Localisation.builtInLocales.joined(separator: ", ")
        + " (default: the scenario's)",
      for: runsCheckout, section: .checkout, choices: Localisation.builtInLocales, inTapeHeader: true
    ) { options, queue, name in
      options.locale = try CommandLineOptions.locale(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--gateway", "PROFILE",
      PSPProfile.allCases.map(\.rawValue).joined(separator: ", ")
        + ": the PSP whose result codes the simulated gateway returns",
      for: runsCheckout, section: .checkout, choices: PSPProfile.allCases.map(\.rawValue), inTapeHeader: true
    ) { options, queue, name in
      options.gatewayProfile = try CommandLineOptions.choice(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--gateway-plugin", "\"CMD ARGS\"",
      "a process that answers in place of the simulated gateway (JSON Lines; "
        + "docs/guides/plugins-and-hooks.md)",
      for: runsCheckout.union([.session]), section: .checkout, inTapeHeader: true
    ) { options, queue, name in
      options.gatewayPlugin = try queue.command(for: name, example: "python3 Examples/gateway-plugin.py")
    },
    OptionSpec(
      "--plugin-timeout", "S",
      "how long the plugin may take to answer one request (0.1 to 600, default 5 seconds)",
      for: runsCheckout.union([.session]), section: .checkout, inTapeHeader: true
    ) { options, queue, name in
      options.pluginTimeoutSeconds = try queue.number(
        for: name, in: 0.1...600, taking: "seconds from 0.1 to 600")
    },
    OptionSpec(
      "--merchant-hook", "\"CMD ARGS\"",
      "a process that answers the merchant callbacks in place of the scenario's rules (JSON Lines; "
        + "docs/guides/plugins-and-hooks.md)",
      for: runsCheckout, section: .checkout, inTapeHeader: true
    ) { options, queue, name in
      options.merchantHook = try queue.command(for: name, example: "python3 Examples/merchant-hook.py")
    },
    OptionSpec(
      "--hook-timeout", "S",
      "how long the hook may take to answer onBeforeSubmit or onPreAuthorisation (0.1 to 600, default 30 "
        + "seconds; the sheet's updates always have PassKit's 30 seconds)",
      for: runsCheckout, section: .checkout, inTapeHeader: true
    ) { options, queue, name in
      options.hookTimeoutSeconds = try queue.number(
        for: name, in: 0.1...600, taking: "seconds from 0.1 to 600")
    },
    OptionSpec(
      "--ledger", "PATH",
      "the ledger: the run history and the sessions of paydrill serve (SQLite; default "
        + "$XDG_DATA_HOME/paydrill/ledger.sqlite3, else ~/.local/share/paydrill/ledger.sqlite3)",
      for: runsCheckout.union([.serve]), section: .checkout
    ) { options, queue, name in options.ledger = .file(try queue.value(for: name)) },
    OptionSpec(
      "--no-ledger", "record no run history (serve: keep sessions in memory only)",
      for: runsCheckout.union([.serve]), section: .checkout
    ) { options, _, _ in options.ledger = .off },
    OptionSpec(
      "--session", "ID",
      "pay in a session that paydrill serve created, read from the ledger (its amount, currency, methods "
        + "and expiry)",
      for: runsCheckout, section: .checkout
    ) { options, queue, name in options.sessionId = try queue.value(for: name) },

    // serve, and the checkout's --serve
    OptionSpec(
      "--serve",
      "run paydrill serve inside the checkout: it waits for your backend's session and opens on it",
      for: [.checkout]
    ) { options, _, _ in options.serves = true },
    OptionSpec(
      "--listen", "ADDR",
      "where the server listens (default 127.0.0.1:8787; port 0: a free one; [::1]:PORT for IPv6); "
        + "another address than loopback warns",
      for: serves
    ) { options, queue, name in
      options.serve.listen = try queue.parsed(
        for: name, taking: "IP:PORT, like 127.0.0.1:8787 or [::1]:0", ListenAddress.init(parsing:))
      options.serverOption = options.serverOption ?? name
    },
    OptionSpec(
      "--token", "ID:KEY",
      "an API token the server accepts (again for more; default the development token paydrill-dev); "
        + "the key signs, it is never printed, but the process list shows it: prefer --token-file",
      for: serves
    ) { options, queue, name in
      let text = try queue.value(for: name)
      guard let token = APIToken(parsing: text) else {
        throw CommandLineOptions.UsageError(message: "\(name) takes ID:KEY, both parts non-empty")
      }
      options.serve.tokens.append(token)
      options.serve.keyOnCommandLine = true
      options.serverOption = options.serverOption ?? name
    },
    OptionSpec(
      "--token-file", "FILE",
      "API tokens the server accepts, one ID:KEY a line (# comments), out of the process list; "
        + "\(ServeOptions.tokenVariable) holds them too",
      for: serves
    ) { options, queue, name in
      options.serve.tokenFiles.append(try queue.value(for: name))
      options.serverOption = options.serverOption ?? name
    },
    OptionSpec(
      "--max-body", "BYTES", "the largest request body, 256 to 10485760 bytes (default 65536; past it: 413)",
      for: serves
    ) { options, queue, name in
      options.serve.limits.maximumBodyBytes = try queue.number(
        for: name, in: 256...10_485_760, taking: "bytes from 256 to 10485760")
      options.serverOption = options.serverOption ?? name
    },
    OptionSpec(
      "--max-connections", "N", "connections served at once, 1 to 10000 (default 256)", for: serves
    ) { options, queue, name in
      options.serve.limits.connectionLimit = try queue.number(
        for: name, in: 1...10_000, taking: "a number from 1 to 10000")
      options.serverOption = options.serverOption ?? name
    },
    OptionSpec(
      "--connection-timeout", "S",
      "seconds a connection may stay idle before it is closed, 1 to 3600 (default 10)", for: serves
    ) { options, queue, name in
      options.serve.limits.connectionTimeoutSeconds = try queue.number(
        for: name, in: 1...3600, taking: "seconds from 1 to 3600")
      options.serverOption = options.serverOption ?? name
    },
    OptionSpec(
      "--request-timeout", "S",
      "seconds a request may take to arrive whole, however steadily it trickles in, 1 to 3600 (default 30; "
        + "past it: closed)",
      for: serves
    ) { options, queue, name in
      options.serve.limits.requestTimeoutSeconds = try queue.number(
        for: name, in: 1...3600, taking: "seconds from 1 to 3600")
      options.serverOption = options.serverOption ?? name
    },

    // play
    OptionSpec(
      "--size", "COLSxROWS", "the screen's size (default 100x32)", for: [.play], inTapeHeader: true
    ) { options, queue, name in
      options.size = try queue.parsed(for: name, taking: "COLUMNSxROWS, like 100x32", Size.init(parsing:))
    },
    OptionSpec(
      "--screen", "FILE", "write the final screen as plain text (one tape)", for: [.play]
    ) { options, queue, name in options.screenPath = try queue.value(for: name) },
    OptionSpec(
      "--junit", "FILE", "write a JUnit XML report of the tapes", for: [.play]
    ) { options, queue, name in options.junitPath = try queue.value(for: name) },
    OptionSpec(
      "--jobs", "N",
      "run N tapes at once, 1 to 64 (default: the cores); the report is in the tapes' order all the same",
      for: [.play]
    ) { options, queue, name in
      options.jobs = try queue.number(for: name, in: 1...64, taking: "a number of tapes from 1 to 64")
    },
    OptionSpec(
      "--shard", "K/N", "run the K-th of N equal parts of the tapes (sorted by path), for a CI matrix",
      for: [.play]
    ) { options, queue, name in
      options.shard = try queue.parsed(
        for: name, taking: "K/N with 1 ≤ K ≤ N, like 2/4", TapeShard.init(parsing:))
    },
    OptionSpec(
      "--screens", "DIR", "save a screenshot bundle after every Wait and Expect, and at the end", for: [.play]
    ) { options, queue, name in options.screensFolder = try queue.value(for: name) },
    OptionSpec(
      "--clock-start", "TIME",
      "when the replay's virtual clock starts (ISO 8601 in UTC, like 2026-12-01T09:30:00.250Z; record writes "
        + "it in the header); default now",
      for: [.play], inTapeHeader: true
    ) { options, queue, name in
      options.clockStart = try queue.parsed(
        for: name, taking: "an ISO 8601 time like 2026-12-01T09:30:00.250Z",
        CommandLineOptions.clockStartFormat.date(from:))
    },

    // merge-junit
    OptionSpec(
      "--output", "FILE", "write the merged report to FILE, not to standard output, and say what it holds",
      for: [.mergeJUnit]
    ) { options, queue, name in options.mergeJUnit.output = try queue.value(for: name) },

    // demo
    OptionSpec(
      "--typing-speed", "MS", "milliseconds between typed characters, 0 to 2000 (default 70)", for: [.demo]
    ) { options, queue, name in
      options.typingMilliseconds = try queue.number(
        for: name, in: 0...2000, taking: "milliseconds per character from 0 to 2000")
    },
    OptionSpec(
      "--pause-scale", "X", "how many times as long the tape's Sleep lines last, 0 to 10 (default 1)",
      for: [.demo]
    ) { options, queue, name in
      options.pauseScale = try queue.number(for: name, in: 0...10, taking: "a factor from 0 to 10")
    },

    // What the checkout leaves behind.
    OptionSpec(
      "--events", "FILE", "write every callback as JSON Lines when the run ends (play: one tape)",
      for: runsCheckout
    ) { options, queue, name in options.eventsPath = try queue.value(for: name) },
    OptionSpec(
      "--cast", "FILE",
      "record the screen with its timing as asciicast v2 (asciinema play FILE) when the run ends (play: one "
        + "tape)",
      for: runsCheckout
    ) { options, queue, name in options.castPath = try queue.value(for: name) },
    OptionSpec(
      "--record", "TAPE",
      "write the checkout's keys to TAPE when it ends, as paydrill record TAPE does (REC shows in the header)",
      for: [.checkout]
    ) { options, queue, name in options.recordPath = try queue.value(for: name) },
    OptionSpec(
      "--screenshot-dir", "DIR",
      "where s (Ctrl-S while typing) saves screenshot bundles (default ./paydrill-screenshots)",
      for: runsCheckout
    ) { options, queue, name in options.screenshotFolder = try queue.value(for: name) },
    OptionSpec(
      "--zoom", "large type for projectors: the checkout alone, padded, in the high-contrast theme",
      for: interactive
    ) { options, _, _ in options.zoom = true },

    // buttons
    OptionSpec(
      "--type", "TYPE",
      "the button's type: " + ApplePayButtonType.allCases.map(\.rawValue).joined(separator: ", "),
      for: [.buttons], choices: ApplePayButtonType.allCases.map(\.rawValue)
    ) { options, queue, name in
      options.button.type = try CommandLineOptions.choice(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--style", "STYLE",
      "the button's style: " + ApplePayButtonStyle.allCases.map(\.rawValue).joined(separator: ", "),
      for: [.buttons], choices: ApplePayButtonStyle.allCases.map(\.rawValue)
    ) { options, queue, name in
      options.button.style = try CommandLineOptions.choice(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--radius", "POINTS", "the corner radius, any from 0 (default 4; drawn rounded from 2)", for: [.buttons]
    ) { options, queue, name in
      options.button.radius = try queue.number(
        for: name, in: ApplePayButtonAppearance.radii, taking: "a number of points from 0")
    },
    OptionSpec(
      "--print", "print the button and its configuration snippet instead of opening the gallery",
      for: [.buttons]
    ) { options, _, _ in options.printsButton = true },

    // sign and session
    OptionSpec(
      "--token-id", "ID", "your API token's id", for: [.sign, .session]
    ) { options, queue, name in options.sign.tokenId = try queue.value(for: name) },
    OptionSpec(
      "--token-key", "KEY", "your API token's value (used to sign, never printed)", for: [.sign, .session]
    ) { options, queue, name in options.sign.tokenKey = try queue.value(for: name) },
    OptionSpec(
      "--body", "FILE", "the request body (JSON; minified before signing, keys kept in order)", for: [.sign]
    ) { options, queue, name in options.sign.bodyPath = try queue.value(for: name) },
    OptionSpec(
      "--path", "PATH", "the request path (default api/v1/sessions)", for: [.sign, .session]
    ) { options, queue, name in options.sign.path = try queue.value(for: name) },
    OptionSpec(
      "--timestamp", "MS", "Unix milliseconds (default now)", for: [.sign, .session]
    ) { options, queue, name in
      options.sign.timestamp = try queue.number(for: name, in: 1...Int64.max, taking: "Unix milliseconds")
    },
    OptionSpec(
      "--request-id", "UUID", "the request's id (default a new UUID)", for: [.sign, .session]
    ) { options, queue, name in options.sign.requestId = try queue.value(for: name) },
    OptionSpec(
      "--request", "FILE", "the session request body (JSON, as your backend sends it)", for: [.session]
    ) { options, queue, name in options.session.requestPath = try queue.value(for: name) },
    OptionSpec(
      "--signature", "HEX", "the signature your backend computed; checked before the request", for: [.session]
    ) { options, queue, name in options.session.signature = try queue.value(for: name) },

    // history
    OptionSpec(
      "--ledger", "PATH",
      "the ledger to read (default $XDG_DATA_HOME/paydrill/ledger.sqlite3, else "
        + "~/.local/share/paydrill/ledger.sqlite3)",
      for: [.history]
    ) { options, queue, name in options.ledger = .file(try queue.value(for: name)) },
    OptionSpec(
      "--limit", "N", "how many attempts, 1 to 10000 (default 20)", for: [.history]
    ) { options, queue, name in
      options.history.filter.limit = try queue.number(
        for: name, in: 1...10_000, taking: "a number from 1 to 10000")
    },
    OptionSpec(
      "--outcome", "OUTCOME",
      "only attempts that ended so: "
        + PaymentAttempt.Outcome.allCases.map(\.rawValue)
        .joined(separator: ", "),
      for: [.history], choices: PaymentAttempt.Outcome.allCases.map(\.rawValue)
    ) { options, queue, name in
      options.history.filter.outcome = try CommandLineOptions.choice(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--method", "METHOD",
      "only attempts with this method: "
        + DropInPaymentMethod.allCases.map(\.rawValue)
        .joined(separator: ", "),
      for: [.history], choices: DropInPaymentMethod.allCases.map(\.rawValue)
    ) { options, queue, name in
      options.history.filter.method = try CommandLineOptions.choice(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--scenario", "NAME", "only attempts of the scenario with this name", for: [.history]
    ) { options, queue, name in options.history.filter.scenario = try queue.value(for: name) },
    OptionSpec(
      "--since", "DAY", "only attempts from this day on (YYYY-MM-DD, local time)", for: [.history]
    ) { options, queue, name in
      options.history.filter.since = try HistoryOptions.day(for: name, from: queue.value(for: name))
    },
    OptionSpec(
      "--until", "DAY", "only attempts up to the end of this day (YYYY-MM-DD, local time)", for: [.history]
    ) { options, queue, name in
      let start = try HistoryOptions.day(for: name, from: queue.value(for: name))
      options.history.filter.until = Calendar.current.date(byAdding: .day, value: 1, to: start)
    },
    OptionSpec(
      "--json", "JSON Lines: one attempt a line (the amount as a string, its currency, minorUnits)",
      for: [.history]
    ) { options, _, _ in options.history.json = true },
    OptionSpec(
      "--replays",
      "list the attempts of tape replays (paydrill play) too, marked as replays: they carry the tape's times",
      for: [.history]
    ) { options, _, _ in options.history.filter.includesReplays = true },

    // fuzz
    OptionSpec(
      "--seed", "N", "the run's random seed (default: a new one, printed); the same seed repeats the run",
      for: [.fuzz]
    ) { options, queue, name in
      options.fuzz.seed = try queue.number(for: name, in: 0...UInt64.max, taking: "a whole number")
    },
    OptionSpec(
      "--actions", "N", "how many steps, 1 to 1000000000 (default 100000)", for: [.fuzz]
    ) { options, queue, name in
      options.fuzz.actions = try queue.number(
        for: name, in: 1...1_000_000_000, taking: "a number from 1 to 1000000000")
    },
    OptionSpec(
      "--scenario", "NAME|PATH", "one scenario instead of every built-in one in turn", for: [.fuzz]
    ) { options, queue, name in options.fuzz.scenario = try queue.value(for: name) },

    // Every command's.
    OptionSpec(
      "--help", short: "-h", "this help; after a command, that command's help",
      for: Set(CommandSpec.Name.allCases),
      section: .global
    ) { _, _, _ in },
    OptionSpec(
      "--version", short: "-V", "the version and the commit paydrill was built from",
      for: Set(CommandSpec.Name.allCases), section: .global
    ) { _, _, _ in },
  ]

  /// The option `spelling` (`--seed`, `-h`) of a command, if it takes it.
  static func option(_ spelling: String, of command: CommandSpec.Name) -> OptionSpec? {
    options.first { $0.commands.contains(command) && $0.spellings.contains(spelling) }
  }

  /// Every command that takes an option spelt `spelling`, in the table's order.
  static func commands(taking spelling: String) -> [CommandSpec.Name] {
    CommandSpec.Name.allCases.filter { option(spelling, of: $0) != nil }
  }

  /// Whether the option spelt `spelling` takes a value, wherever it is used (nil: no command knows it).
  static func takesValue(_ spelling: String) -> Bool? {
    options.first { $0.spellings.contains(spelling) }.map { $0.value != nil }
  }
}
