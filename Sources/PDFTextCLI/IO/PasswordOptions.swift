import ArgumentParser

/// Password options common to the subcommands that open PDFs.
package struct PasswordOptions: ParsableArguments {
    @Option(name: [.customLong("password"), .customShort("p")],
            help: "Password, tried as user and as owner password.")
    package var password: String?

    @Option(name: [.customLong("owner-password"), .customLong("opw", withSingleDash: true)],
            help: "Owner password (grants every permission).")
    package var ownerPassword: String?

    @Option(name: [.customLong("user-password"), .customLong("upw", withSingleDash: true)],
            help: "User password.")
    package var userPassword: String?

    package init() {}

    /// The passwords to try, owner first (it grants the most).
    package var candidates: [String] {
        [ownerPassword, password, userPassword].compactMap { $0 }
    }
}
