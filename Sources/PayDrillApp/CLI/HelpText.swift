/// The text of `paydrill --help`.
enum HelpText {
  static let version = "paydrill 0.1.0"

  static let usage = """
    PayDrill: rehearse a mobile Checkout Drop-in in the terminal, every merchant callback visible.

    Usage:
      paydrill [options]              run the checkout in this terminal
      paydrill play TAPE… [options]   replay tapes (VHS syntax) headlessly and check their Expect lines
      paydrill record TAPE [options]  run the checkout and write its keys as a tape
      paydrill demo TAPE [options]    play a tape in this terminal at human pace, with its captions
      paydrill check FILE…            validate scenarios, themes and tapes without running them
      paydrill buttons [options]      the Apple Pay button gallery (--print: plain text, no terminal)
      paydrill scenarios              list the built-in scenarios
      paydrill cards                  list the test cards and what each one does
      paydrill sign [options]         the sessions API's HMAC-SHA256 signature of a request body
      paydrill session --request FILE a session request through the simulated sessions API
      paydrill history [options]      recent payment attempts from the ledger; history show ID: one in full
      paydrill fuzz [options]         random keys, resizes, faults and answers against every scenario;
                                      checks the invariants after each step (exit 1 + a minimal tape)
      paydrill --help | --version

    Options:
      --scenario NAME    a built-in scenario (see paydrill scenarios), or the PATH of a scenario file;
                         default: acme-electronics, the Acme Electronics Store demo
      --theme NAME|PATH  light, dark (default) or a theme file; NO_COLOR turns colours off
      --latency MS       the simulated gateway's latency in milliseconds (default 600, 0 allowed)
      --events FILE      write every callback as JSON Lines when the run ends
      --screenshot-dir DIR
                         where s (Ctrl-S while typing) saves screenshot bundles
                         (default ./paydrill-screenshots)
      --seed N           the seed of the gateway's random latency and faults (default 1)
      --clock-start TIME when a replay's virtual clock starts (ISO 8601; `record` writes it)
      --locale LOCALE    the shopper's texts and money: en-US (default), en-GB, es-ES, fr-FR, de-DE, ja-JP
      --zoom             large type for projectors: the checkout alone, padded, high-contrast theme
      --gateway PROFILE  default, adyen or worldline: the PSP whose result codes the gateway returns
      --gateway-plugin "CMD ARGS"
                         a process that answers in place of the simulated gateway (JSON Lines; see README)
      --plugin-timeout S how long the plugin may take to answer one request (default 5 seconds)
      --ledger PATH      the run history's SQLite file (default $XDG_DATA_HOME/paydrill/ledger.sqlite3,
                         else ~/.local/share/paydrill/ledger.sqlite3)
      --no-ledger        record no run history
      --merchant-hook "CMD ARGS"
                         a process that answers the merchant callbacks in place of the scenario's rules
                         (onBeforeSubmit, shipping, coupons, onPreAuthorisation; JSON Lines; see README)
      --hook-timeout S   how long the hook may take to answer onBeforeSubmit or onPreAuthorisation
                         (default 30 seconds; the sheet's updates always have PassKit's 30 seconds)

    Options of buttons:
      --type TYPE        plain, buy, setUp, inStore, donate, checkout, book, subscribe, reload, addMoney,
                         topUp, order, rent, support, contribute, tip, continue
      --style STYLE      black, white, whiteOutline, automatic
      --radius POINTS    the corner radius, 0 to 24 (default 4)
      --print            print the button and its configuration snippet instead of opening the gallery

    Options of sign:
      --token-id ID      your API token's id
      --token-key KEY    your API token's value (used to sign, never printed)
      --body FILE        the request body (JSON; minified before signing, keys kept in order)
      --path PATH        the request path (default api/v1/sessions)
      --timestamp MS     Unix milliseconds (default now)
      --request-id UUID  the request's id (default a new UUID)

    Options of session (with --token-id, --token-key, --timestamp, --request-id to check a signature):
      --request FILE     the session request body (JSON, as your backend sends it)
      --signature HEX    the signature your backend computed; checked before the request

    Options of demo (Space pauses and resumes, → steps, q stops):
      --typing-speed MS  milliseconds between typed characters (default 70)
      --pause-scale X    how many times as long the tape's Sleep lines last (default 1)

    Options of history (newest first):
      --limit N          how many attempts (default 20)
      --outcome OUTCOME  succeeded, failed, cancelled, interrupted or unknown
      --method METHOD    card, paypal, applePay or paze
      --scenario NAME    the scenario's name
      --since DAY        from this day (YYYY-MM-DD, local time); --until DAY: up to the end of that day
      --json             JSON Lines: one attempt a line (amount as a string, currency, minorUnits)

    Options of fuzz:
      --seed N           the run's seed (default random, printed); the same seed repeats the run
      --actions N        how many steps (default 100000)
      --scenario NAME    one scenario (NAME or PATH) instead of every built-in one in turn

    Options of play:
      --size COLSxROWS   the screen's size (default 100x32)
      --screen FILE      write the final screen as plain text (one tape)
      --junit FILE       write a JUnit XML report of the tapes
      --screens DIR      save a screenshot bundle after every Wait and Expect, and at the end

    Exit status: 0 done; 1 a tape failed (a Wait or an Expect), the sessions API refused a request or
    history show found no such attempt; 2 bad input (file, tape, option, no terminal, a problem paydrill
    check found); 128+N after signal N.
    Keys: ? in the program. Docs: README.md.
    """
}
