// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Ordo",
  products: [
    .executable(name: "ordo", targets: ["ordo"]),
    // The engine as a library, for the fuzzers in Fuzz/ and for embedding.
    .library(
      name: "OrdoEngine",
      targets: ["OrdoCore", "OrdoJSON", "OrdoRPC", "OrdoCoding", "OrdoStore", "OrdoServer"]),
  ],
  targets: [
    // jansson, through pkg-config; the shim wraps the macros and inline functions.
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"])]
    ),
    // The only module that touches json_t*: parsing, typed readers, the writer.
    .target(name: "OrdoJSON", dependencies: ["CJansson"]),
    .testTarget(name: "OrdoJSONTests", dependencies: ["OrdoJSON"]),

    // SQLite, through pkg-config, for the durable state.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),

    // The domain: layers, alerts, navigation. Pure Swift, no C, no I/O, no clock reads.
    .target(name: "OrdoCore"),
    .testTarget(name: "OrdoCoreTests", dependencies: ["OrdoCore"]),

    // Framing (a pure byte state machine), message classification, error codes.
    .target(name: "OrdoRPC", dependencies: ["OrdoJSON"]),
    .testTarget(name: "OrdoRPCTests", dependencies: ["OrdoRPC", "OrdoJSON"]),

    // JSON encoders and decoders of the domain's values (wire, durable rows, traces).
    .target(name: "OrdoCoding", dependencies: ["OrdoCore", "OrdoJSON"]),

    // The durable state in SQLite: the only module that touches sqlite3*.
    .target(name: "OrdoStore", dependencies: ["CSQLite", "OrdoCore", "OrdoCoding", "OrdoJSON"]),
    .testTarget(
      name: "OrdoStoreTests",
      dependencies: ["OrdoStore", "OrdoCoding", "OrdoCore", "OrdoJSON", "CSQLite"]),

    // schema/openrpc.json embedded at build time (C23 #embed), so `rpc.discover` serves the
    // repository's document and cannot drift from it.
    .target(name: "OrdoSchema"),

    // Linux calls the Glibc module lacks: timerfd, a timer on the clock engine time follows.
    .target(name: "CLinux"),

    // The method table (one file per namespace), the clock, timers, the event loop.
    .target(
      name: "OrdoServer",
      dependencies: [
        "OrdoRPC", "OrdoJSON", "OrdoCore", "OrdoCoding", "OrdoStore", "OrdoSchema", "CLinux",
      ]),
    .testTarget(
      name: "OrdoServerTests",
      dependencies: ["OrdoServer", "OrdoRPC", "OrdoJSON", "OrdoCore", "OrdoStore", "ordo"]
    ),

    // main.swift: flags, stdin/stdout, run.
    .executableTarget(name: "ordo", dependencies: ["OrdoServer", "OrdoJSON"]),

  ]
)
