// swift-tools-version:6.0
// libFuzzer targets for Ordo. Built by `make fuzz` with
// `-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library`; libFuzzer supplies main.
import PackageDescription

let package = Package(
  name: "OrdoFuzz",
  dependencies: [.package(name: "Ordo", path: "..")],
  targets: [
    .target(
      name: "FuzzSupport", dependencies: [.product(name: "OrdoEngine", package: "Ordo")]),
    // The framing state machine: both framings, arbitrary chunking, differential.
    .executableTarget(
      name: "FuzzFraming",
      dependencies: [.product(name: "OrdoEngine", package: "Ordo"), "FuzzSupport"]),
    // A session fed a stream whole and in reads with a small output limit: the same
    // answers and recorded inputs (messages are parsed ahead of their handling).
    .executableTarget(
      name: "FuzzSession",
      dependencies: [.product(name: "OrdoEngine", package: "Ordo"), "FuzzSupport"]),
    // Classification and dispatch of arbitrary messages to every method.
    .executableTarget(
      name: "FuzzDispatch",
      dependencies: [.product(name: "OrdoEngine", package: "Ordo"), "FuzzSupport"]),
    // Random valid and invalid operation sequences on layers and alerts, invariants checked.
    .executableTarget(
      name: "FuzzScreen",
      dependencies: [.product(name: "OrdoEngine", package: "Ordo"), "FuzzSupport"]),
    // Arbitrary trace files (from a bug report) through `ordo replay` and `ordo report`.
    .executableTarget(
      name: "FuzzTrace",
      dependencies: [.product(name: "OrdoEngine", package: "Ordo"), "FuzzSupport"]),
    // A real state file's rows changed through SQLite: refused as corrupt or loaded, and a
    // loaded one restores with its invariants and survives a write-back and a second load.
    .executableTarget(
      name: "FuzzStore",
      dependencies: [.product(name: "OrdoEngine", package: "Ordo"), "FuzzSupport"]),
  ]
)
