import OrdoRPC

#if canImport(Glibc)
  import Glibc
#endif

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

/// The folders `scratchFolder` made, each with the names to remove from it at exit.
nonisolated(unsafe) private var scratchFolders: [(folder: String, files: [String])] = []

/// A new folder under /tmp (`prefix`, then six random characters) for a target's files,
/// removed with `files` in it when the fuzzer exits (libFuzzer exits through exit(), also
/// on a finding).
public func scratchFolder(_ prefix: String, removing files: [String]) -> String {
  var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer in
    guard let start = buffer.baseAddress, let made = mkdtemp(start) else {
      fatalError("mkdtemp failed")
    }
    return String(cString: made)
  }
  if scratchFolders.isEmpty {
    atexit {
      for (folder, files) in scratchFolders {
        for name in files { unlink(folder + "/" + name) }
        rmdir(folder)
      }
    }
  }
  scratchFolders.append((made, files))
  return made
}
