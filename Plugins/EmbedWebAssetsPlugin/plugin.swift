import Foundation
import PackagePlugin

/// Embeds the files of a target's `Web` folder into it as a generated Swift source (the
/// `EmbedWebAssets` tool), rebuilt whenever one of them changes.
@main
struct EmbedWebAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let web = target.directoryURL.appending(path: "Web")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: web.path)) ?? []
        let inputs = names.filter { !$0.hasPrefix(".") }.sorted().map { web.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebFiles.swift")
        return [.buildCommand(
            displayName: "Embedding \(target.name)'s web files",
            executable: try context.tool(named: "EmbedWebAssets").url,
            arguments: [output.path] + inputs.map(\.path),
            inputFiles: inputs,
            outputFiles: [output])]
    }
}
