import PackagePlugin

/// Generates `EmbeddedSchema.swift` from `schema/openrpc.json` at build time, so the
/// document `rpc.discover` returns is always the one in the repository.
@main
struct EmbedSchemaPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let schema = context.package.directoryURL.appending(path: "schema/openrpc.json")
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSchema.swift")
    return [
      .buildCommand(
        displayName: "Embedding schema/openrpc.json",
        executable: try context.tool(named: "EmbedSchema").url,
        arguments: [schema.path(percentEncoded: false), output.path(percentEncoded: false)],
        inputFiles: [schema],
        outputFiles: [output]
      )
    ]
  }
}
