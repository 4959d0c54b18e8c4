import ArgumentParser

/// Password options common to the subcommands that open PDFs.
public struct PasswordOptions: ParsableArguments {
    @Option(name: [.customLong("password"), .customShort("p")],
            help: "Password, tried as user and as owner password.")
    public var password: String?

    @Option(name: [.customLong("owner-password"), .customLong("opw", withSingleDash: true)],
            help: "Owner password (grants every permission).")
    public var ownerPassword: String?

    @Option(name: [.customLong("user-password"), .customLong("upw", withSingleDash: true)],
            help: "User password.")
    public var userPassword: String?

    public init() {}

    /// The passwords to try, owner first (it grants the most).
    public var candidates: [String] {
        [ownerPassword, password, userPassword].compactMap { $0 }
    }
}
