// swift-tools-version:6.0
import PackageDescription

/// The locales with built-in shopper texts (`Localisation.builtInLocales`), a file each in
/// `Sources/CheckoutEngine/Localisation/Strings`.
let builtInLocales = ["en-US", "en-GB", "es-ES", "fr-FR", "de-DE", "ja-JP"]

let builtInScenarios = [
  "acme-electronics", "terms-not-accepted", "tokyo-yen", "outdoor-adventure-gear", "events-example",
  "streammax-subscription", "photovault-trial", "metro-transit-reload", "paze-checkout", "harbour-books",
]

/// Release builds call generic types' metadata accessors directly instead of looking the types up by their
/// mangled names at run time. A lookup by name checks each generic requirement by scanning every conformance
/// record of every loaded library (about 6,000): 280,000 instructions for each `Codable` type's first
/// `KeyedDecodingContainer`, 11 M of the 69 M instructions paydrill took to its first frame (callgrind). Code
/// size grows a little; behaviour does not change.
let directMetadataAccess: [SwiftSetting] = [
  .unsafeFlags(
    ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
  name: "PayDrill",
  // macOS 15: `Mutex` (the Synchronization module) is there from macOS 15 on, and the code uses it throughout.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "paydrill", targets: ["paydrill"]),
    // `paydrill merge-junit` runs this program (installed in libexec/paydrill): reading XML takes
    // FoundationXML, which links libxml2 and a second ICU, and paydrill's every start would pay for them.
    .executable(name: "paydrill-merge-junit", targets: ["paydrill-merge-junit"]),
    // `paydrill serve` and `paydrill --serve` run this program (installed in libexec/paydrill): the HTTP server
    // links libmicrohttpd and GnuTLS, which would cost paydrill's every start about 3 ms and 2.6 MiB.
    .executable(name: "paydrill-serve", targets: ["paydrill-serve"]),
  ],
  // The C libraries come from the system's packages: Debian's through apt, Homebrew's on macOS (keg-only
  // there: `make` puts their pkg-config folders on PKG_CONFIG_PATH; docs/guides/macos.md).
  targets: [
    .systemLibrary(
      name: "CNcursesw",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    // The interactive loop's signal handler: C, so that it does only what a handler may (it writes the
    // signal's number to the doorbell pipe; `SignalWatcher` reads it in normal code).
    .target(name: "CSignals"),
    // Strict JSON: every key known, every number as written, errors that name the path.
    .target(name: "StrictJSON", swiftSettings: directMetadataAccess),
    .target(
      name: "CheckoutEngine",
      dependencies: ["StrictJSON"],
      // The built-in scenarios are compiled in, so `--scenario NAME` works wherever paydrill runs;
      // `Scenarios/` at the top of the repository is a link to this folder.
      resources: builtInScenarios.map { .embedInCode("BuiltInScenarios/\($0).json") }
        + builtInLocales.map { .embedInCode("Localisation/Strings/\($0).json") },
      swiftSettings: directMetadataAccess
    ),
    .target(
      name: "GatewaySimulator", dependencies: ["CheckoutEngine", "StrictJSON", "CCrypto", "Platform"],
      swiftSettings: directMetadataAccess),
    .target(name: "TerminalUI", swiftSettings: directMetadataAccess),
    // Every difference between Linux and macOS (posix_spawn's types, poll or select on a terminal, /proc,
    // sockets) behind `#if canImport(Darwin)`, in this one place; `make lint` checks that nothing else has
    // one (Tools/check-portability.py, docs/guides/macos.md).
    .target(name: "Platform", swiftSettings: directMetadataAccess),
    // Writing an output where the user pointed (links, FIFOs, devices, modes kept), for paydrill and
    // paydrill-merge-junit alike; Foundation only.
    .target(name: "OutputFiles", swiftSettings: directMetadataAccess),
    // JUnit XML as `play` writes it and `merge-junit` reads it back; Foundation only, no XML parser.
    .target(name: "JUnitReports", swiftSettings: directMetadataAccess),
    // Reading and merging JUnit reports (`paydrill merge-junit`): FoundationXML's XMLParser. Never a
    // dependency of PayDrillApp, so that the interactive paydrill does not load libxml2.
    .target(name: "JUnitMerge", dependencies: ["JUnitReports", "OutputFiles"]),
    .target(
      name: "NcursesBackend", dependencies: ["TerminalUI", "CNcursesw", "Platform"],
      swiftSettings: directMetadataAccess),
    // The layers of the program, each depending only on those above it in this list (docs/architecture.md).
    // Reading configuration files and text a person gave: scenarios, themes, the data folder.
    .target(
      name: "PayDrillFiles", dependencies: ["CheckoutEngine", "StrictJSON", "TerminalUI"],
      swiftSettings: directMetadataAccess),
    // What a payment attempt leaves behind, and the ledger's interface: values only, no SQLite.
    .target(
      name: "PaymentHistory", dependencies: ["CheckoutEngine", "TerminalUI", "PayDrillFiles"],
      swiftSettings: directMetadataAccess),
    // The app: its model, the pure reducer, the key tables and the screens. No terminal, no files, no SQLite.
    .target(
      name: "PayDrillApp",
      dependencies: ["CheckoutEngine", "GatewaySimulator", "TerminalUI", "PayDrillFiles", "PaymentHistory"],
      swiftSettings: directMetadataAccess
    ),
    // The one loop: the runtime, the one effect interpreter and its clock, screenshots. Drives the terminal,
    // tapes, the fuzzer, the bench and the tests alike; knows no ncurses and no SQLite.
    .target(
      name: "PayDrillLoop",
      dependencies: [
        "PayDrillApp", "CheckoutEngine", "GatewaySimulator", "TerminalUI", "PayDrillFiles", "PaymentHistory",
        "OutputFiles", "Platform", "CSignals",
      ],
      swiftSettings: directMetadataAccess
    ),
    // Adapters: the SQLite ledger (attempts and a backend's sessions) and the merchant hook processes.
    .target(
      name: "PayDrillLedger",
      dependencies: ["PaymentHistory", "PayDrillFiles", "CheckoutEngine", "GatewaySimulator", "CSQLite"],
      swiftSettings: directMetadataAccess
    ),
    .target(
      name: "PayDrillHooks",
      dependencies: ["PayDrillLoop", "CheckoutEngine", "GatewaySimulator", "Platform"],
      swiftSettings: directMetadataAccess
    ),
    // The command line: the one table of commands and options, their parsing, help and errors; what
    // paydrill-serve needs to read its command line without the rest of the program.
    .target(
      name: "PayDrillCommandLine",
      dependencies: [
        "PayDrillFiles", "PaymentHistory", "GatewaySimulator", "CheckoutEngine", "StrictJSON", "TerminalUI",
      ],
      swiftSettings: directMetadataAccess
    ),
    // Tools over the loop: tapes (record, play, reports) and the fuzzer.
    .target(
      name: "PayDrillTools",
      dependencies: [
        "PayDrillLoop", "PayDrillApp", "PayDrillLedger", "PayDrillHooks", "PayDrillFiles", "PaymentHistory",
        "PayDrillCommandLine", "CheckoutEngine", "GatewaySimulator", "TerminalUI", "JUnitReports",
        "OutputFiles",
        "Platform",
      ],
      swiftSettings: directMetadataAccess
    ),
    // The command line that wires them: options, commands, the interactive terminal session, the schemas.
    .target(
      name: "PayDrillCLI",
      dependencies: [
        "PayDrillTools", "PayDrillCommandLine", "PayDrillLoop", "PayDrillApp", "PayDrillLedger",
        "PayDrillHooks",
        "PayDrillFiles",
        "PaymentHistory", "CheckoutEngine", "StrictJSON", "GatewaySimulator", "TerminalUI", "NcursesBackend",
        "CSignals",
        "JUnitReports", "OutputFiles", "Platform",
      ],
      // The JSON Schemas `paydrill schema` prints are compiled in, byte for byte; `docs/schema/` at the top
      // of the repository is a link to this folder.
      resources: ["scenario", "theme"].map { .embedInCode("Schemas/Documents/\($0).schema.json") },
      swiftSettings: directMetadataAccess
    ),
    // The commit `paydrill --version` prints, read from git before every build (`Plugins/GitCommit`).
    .plugin(name: "GitCommit", capability: .buildTool()),
    .executableTarget(
      name: "paydrill", dependencies: ["PayDrillCLI"], swiftSettings: directMetadataAccess,
      plugins: ["GitCommit"]),
    .executableTarget(name: "paydrill-merge-junit", dependencies: ["JUnitMerge"]),
    // The simulated API over HTTP: libmicrohttpd does HTTP, GatewaySimulator's GatewayAPI decides.
    .target(name: "GatewayServer", dependencies: ["GatewaySimulator", "CheckoutEngine", "CMicroHTTPD"]),
    .executableTarget(
      name: "paydrill-serve",
      dependencies: [
        "GatewayServer", "PayDrillCommandLine", "PayDrillLedger", "PayDrillFiles", "GatewaySimulator",
      ]),
    // The benchmark (`make bench`): a development target, not a product, so it is never shipped. Its terminal
    // figures run the `paydrill` built beside it.
    .executableTarget(
      name: "paydrill-bench",
      dependencies: [
        "PayDrillCLI", "PayDrillTools", "PayDrillLoop", "PayDrillApp", "PayDrillLedger", "PayDrillFiles",
        "CheckoutEngine", "GatewaySimulator", "TerminalUI", "Platform",
      ]
    ),
    // The engine's pure parts: reducers, money, cards, decoding.
    // What the test targets share: the engine's test store, the demo's Apple Pay fixtures, the payment tapes,
    // and `Requirement` (a missing tool skips a test, and fails it under CI=true).
    .target(name: "CheckoutTestSupport", dependencies: ["CheckoutEngine"], path: "Tests/CheckoutTestSupport"),
    .testTarget(
      name: "CheckoutEngineTests", dependencies: ["CheckoutEngine", "StrictJSON", "CheckoutTestSupport"]),
    // The engine's flows, driven through the one interpreter (no effect runner of their own).
    .testTarget(
      name: "CheckoutFlowTests",
      dependencies: [
        "CheckoutEngine", "GatewaySimulator", "PayDrillApp", "PayDrillLoop", "StrictJSON",
        "CheckoutTestSupport",
      ]),
    .testTarget(
      name: "GatewaySimulatorTests",
      dependencies: ["GatewaySimulator", "CheckoutEngine", "CheckoutTestSupport"]),
    .testTarget(
      name: "GatewayServerTests",
      dependencies: ["GatewayServer", "GatewaySimulator", "CheckoutEngine", "Platform"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(name: "JUnitMergeTests", dependencies: ["JUnitMerge", "JUnitReports"]),
    .testTarget(name: "OutputFilesTests", dependencies: ["OutputFiles"]),
    .testTarget(
      name: "PayDrillAppTests",
      dependencies: [
        "PayDrillCLI", "PayDrillCommandLine", "PayDrillTools", "PayDrillHooks", "PayDrillLedger",
        "PayDrillLoop",
        "PayDrillApp",
        "PaymentHistory", "PayDrillFiles", "CheckoutEngine", "StrictJSON", "GatewaySimulator", "TerminalUI",
        "JUnitReports", "OutputFiles", "paydrill-bench", "Platform", "CheckoutTestSupport",
      ],
      exclude: ["__Snapshots__", "Fixtures"]
    ),
    .testTarget(name: "EndToEndTests", dependencies: ["Platform", "CheckoutTestSupport"]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
  ],
  swiftLanguageModes: [.v6]
)
