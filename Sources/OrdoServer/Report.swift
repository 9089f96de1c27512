import OrdoRPC

/// `ordo report TRACE [-o FILE]`.
enum Report {
  static func main(tracePath: String, outputPath: String) -> Int32 {
    writeAll(2, "ordo report: not available in this build\n")
    return 2
  }
}
