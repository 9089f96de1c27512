#if canImport(Glibc)
  import Glibc
#endif

/// Advice on a path as a person typed it, for a message saying it cannot be found.
public enum PathHint {
  /// For a path not found that starts with `~` where there is no such directory: a shell
  /// expands `~` (and `~user`), Ordo does not, so a path given in a program's argument list,
  /// a config file or quotes reaches it as typed (and `mkdir -p` of its directory would make
  /// one named `~`). nil otherwise.
  public static func unexpandedTilde(_ path: String) -> String? {
    guard path.hasPrefix("~") else { return nil }
    let first = path.prefix { $0 != "/" }
    var status = stat()
    guard stat(String(first), &status) != 0 else { return nil }  // a directory named so exists
    return "a leading ~ is expanded by a shell, not by Ordo (no shell read this path): give"
      + " it from / or from $HOME"
  }

  /// What a message says after the path of a file `open` with `O_CREAT` could not create,
  /// failing with `code`, when a directory is missing (`ENOENT`): it makes the file, not
  /// its directory, so the message names the directory and says what to do
  /// (` (a symbolic link to T)` first when the path is a dangling link, whose target is the
  /// file to create); nil when no directory is missing. For the state file, `--trace` and
  /// `ordo report -o`.
  public static func missingDirectory(ofNewFile path: String, failedWith code: Int32) -> String? {
    // A path ending in `/` names a directory, which no `mkdir -p` makes a file of.
    guard code == ENOENT, !path.hasSuffix("/") else { return nil }
    let target = linkTarget(of: path)
    guard let directory = missingDirectory(of: target) else { return nil }
    let link = target == path ? "" : " (a symbolic link to \(target))"
    // `mkdir -p ~` would make a directory named `~`. (The path as given: a link's target is
    // no path a shell read.)
    let advice =
      unexpandedTilde(path).map { "; \($0)" }
      ?? " (the file is created when missing, not its directory: mkdir -p it first)"
    return "\(link): its directory \(directory) does not exist\(advice)"
  }

  /// The directory `path` names, as a message names it, when it does not exist (nil when
  /// it does, or `path` names none). A dangling symbolic link is named with its target,
  /// the directory to make (`mkdir -p` of the link itself fails: it exists).
  static func missingDirectory(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    // Missing, not refused (EACCES), nor under a file (ENOTDIR) or a link loop (ELOOP),
    // which `mkdir -p` does not mend.
    var status = stat()
    guard stat(directory, &status) != 0, errno == ENOENT else { return nil }
    let target = linkTarget(of: directory)
    return target == directory ? directory : "\(directory) (a symbolic link to \(target))"
  }

  /// Where `path` leads: the target of the last symbolic link when it names one (a chain
  /// followed up to 40 links, as the kernel does; a relative target read from its link's
  /// directory), `path` itself otherwise.
  static func linkTarget(of path: String) -> String {
    var current = path
    var buffer = [CChar](repeating: 0, count: 4096)
    for _ in 0..<40 {
      let count = readlink(current, &buffer, buffer.count)
      guard count > 0 else { break }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if target.hasPrefix("/") {
        current = target
      } else if let slash = current.lastIndex(of: "/") {
        current = String(current[...slash]) + target
      } else {
        current = target
      }
    }
    return current
  }
}
