import OrdoRPC

/// libFuzzer's entry for programs that keep their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the process arguments and `target` as the function under test.
///
/// SwiftPM links every executable's entry point as `<Target>_main`, so a fuzz target defines
/// that symbol and hands over to libFuzzer here, instead of relying on libFuzzer's `main`.
public func runFuzzer(
  argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  target: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return withUnsafeMutablePointer(to: &arguments) { argumentsPointer in
    argumentsPointer.withMemoryRebound(
      to: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?.self, capacity: 1
    ) { LLVMFuzzerRunDriver(&count, $0, target) }
  }
}

/// The framing an input's byte picks: detected (`nil`), NDJSON or LSP.
public func chosenFraming(_ byte: UInt8) -> MessageFramer.Framing? {
  switch byte % 3 {
  case 0: nil
  case 1: .ndjson
  default: .lsp
  }
}
