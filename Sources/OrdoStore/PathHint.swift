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
}
