import FoundationEssentials
import GtkKit
import NoteModel
import NoteSync
import WebDAV

/// Preferences (Ctrl+comma): the General page (`GeneralPreferencesPage`)
/// first, then the Sync page: the server address (a Nextcloud server's or a
/// WebDAV folder's), user name, password and folder; Connect, which checks
/// them at once and says in plain words what is wrong (in red under the
/// fields, the fields to correct marked); and once connected, how the last
/// sync went, Sync Now and Turn Off.
@MainActor
final class SyncPreferences {
    let window: Window
    private let controller: SyncController
    private let generalPage = GeneralPreferencesPage()
    private let address = EntryRow(title: localized("Server Address"))
    private let user = EntryRow(title: localized("User Name"))
    private let password = EntryRow(title: localized("Password"), isPassword: true)
    private let folder = EntryRow(title: localized("Folder (Notes on Nextcloud)"))
    private let connectButton = Button(label: localized("_Connect"))
    /// Why the last Connect failed, under the fields; hidden otherwise.
    private let connectProblem = Label("")
    private let server = PreferencesGroup(
        title: localized("Server"),
        description: localized("Keep your notes on every computer through Nextcloud or any WebDAV server. Each note is a Markdown file in the folder, which Nextcloud's Notes apps show too. For Nextcloud, use an app password."))
    private let state = ActionRow(title: localized("Last Sync"))
    private let account = ActionRow(title: localized("Account"))
    private let syncButton = Button(label: localized("Sync _Now"))
    private let syncPage = PreferencesPage(title: localized("Sync"), iconName: "emblem-synchronizing-symbolic")
    private let offButton = Button(label: localized("_Turn Off"))
    private var connecting = false
    /// What the account's server cannot protect, if anything (`SyncAccountSetup.warning`).
    private var safetyWarning: String?
    /// Runs a sync now (as the app's Sync Now does).
    private let syncNow: () -> Void
    /// Told what the server fields hold each time one changes.
    private let onTyped: (TypedServer) -> Void

    /// The server fields as typed, the password aside: what the app keeps
    /// for the next Preferences window of the run, so that an address typed,
    /// refused, and looked up elsewhere with Preferences closed is not to be
    /// typed again.
    struct TypedServer {
        let address: String, user: String, folder: String
    }

    /// Shows the account kept, or `typed`: what an earlier window of the run
    /// was left with (the account itself, once connected). Tells `onTyped`
    /// what the fields hold at each change.
    init(controller: SyncController, typed: TypedServer?, onTyped: @escaping (TypedServer) -> Void, syncNow: @escaping () -> Void) {
        self.controller = controller
        self.syncNow = syncNow
        self.onTyped = onTyped
        for button in [connectButton, syncButton, offButton] {
            button.centerVertically()
        }
        connectButton.addCSSClass("suggested-action")
        offButton.addCSSClass("destructive-action")
        server.setHeaderSuffix(connectButton)
        for row in [address, user, password, folder] { server.add(row) }
        connectProblem.makeWrapping(lines: 8, charactersPerLine: 60)
        connectProblem.addCSSClass("error")
        connectProblem.isShown = false
        server.add(connectProblem)
        let status = PreferencesGroup(title: localized("Status"))
        state.addSuffix(syncButton)
        account.addSuffix(offButton)
        status.add(state)
        status.add(account)
        syncPage.add(server)
        syncPage.add(status)
        window = Window(preferencesTitle: localized("Preferences"), pages: [generalPage.page, syncPage])
        window.setDefaultSize(width: 560, height: 620)
        connectButton.onClicked { [weak self] in self?.connect() }
        for row in [address, user, password, folder] {
            row.onEntryActivated { [weak self] in self?.connect() }
            row.onTextChanged { [weak self, weak row] in
                row?.isMarkedInvalid = false
                guard let self, row !== password else { return }
                onTyped(TypedServer(address: address.text, user: user.text, folder: folder.text))
            }
        }
        syncButton.onClicked { [weak self] in self?.syncNow() }
        offButton.onClicked { [weak self] in self?.turnOff() }
        if let current = try? NoteStore(path: controller.notesPath).syncAccount() {
            address.text = current.folderURL
            user.text = current.userName
            safetyWarning = SyncAccountSetup.warning(for: current.writeSafety.flatMap(WriteSafety.init))
        }
        if let typed {
            address.text = typed.address
            user.text = typed.user
            folder.text = typed.folder
        }
        controller.follow(by: self) { [weak self] in self?.show($0) }
    }

    /// Shows the window on its General page, or on its Sync page with typing
    /// going into the first field still to fill.
    func present(syncPage showingSync: Bool) {
        window.showPreferencesPage(showingSync ? syncPage : generalPage.page)
        window.present()
        if showingSync { _ = [address, user, password].first { $0.text.isEmpty }?.grabFocus() }
    }

    private func show(_ status: SyncStatus) {
        let setUp = status != .notSetUp
        syncButton.isSensitive = setUp && status != .running(progress: nil)
        offButton.isShown = setUp
        account.subtitle = setUp
            ? ([localized("%s as %s", address.text, user.text)] + [safetyWarning].compactMap { $0 }).joined(separator: "\n")
            : localized("Not set up")
        switch status {
        case .notSetUp:
            state.subtitle = localized("Never: sync is not set up")
        case let .idle(lastSync, summary, _):
            let when = lastSync.map { NoteRow.relativeTime(of: $0, now: Date()) } ?? localized("Never")
            state.subtitle = summary.map { localized("%s: %s", when, $0) } ?? when
        case let .running(progress):
            state.subtitle = progress.map {
                localized("Syncing… %s", PercentText.of(Int(($0 * 100).rounded())))
            } ?? localized("Syncing…")
            syncButton.isSensitive = false
        case let .failed(reason):
            state.subtitle = localized("Failed: %s", reason)
        }
    }

    /// Connects with what the fields hold; `trusting`: a file of certificates
    /// trusted for the server (else the one trusted before, if it is the same
    /// server). An http:// address asks first: it would send the password
    /// and every note unencrypted.
    private func connect(trusting certificate: String? = nil, unencryptedAllowed: Bool = false) {
        guard !connecting else { return }
        let given = (address: address.text.trimmingSpaces(), user: user.text, password: password.text)
        guard !given.address.isEmpty, !given.user.isEmpty, !given.password.isEmpty else {
            window.showPreferencesToast(Toast(localized("Give the server address, your user name and your password.")))
            return
        }
        if SyncServerConnection.isUnencrypted(given.address) && !unencryptedAllowed {
            ConfirmationDialog.ask(
                over: window, question: localized("Connect Without Encryption?"),
                detail: localized("The address starts with http://, so your password and every note would travel over the network as plain text, readable by anyone on the way. Use https:// unless this server is on your own computer or a network you trust."),
                confirmLabel: localized("Connect _Unencrypted")
            ) { [weak self] in self?.connect(trusting: certificate, unencryptedAllowed: true) }
            return
        }
        let folderName = folder.text.trimmingSpaces()
        for row in [address, user, password, folder] { row.isMarkedInvalid = false }
        connectProblem.isShown = false
        connecting = true
        connectButton.isSensitive = false
        connectButton.label = localized("Connecting…")
        Task {
            defer {
                connecting = false
                connectButton.isSensitive = true
                connectButton.label = localized("_Connect")
            }
            let trusted = certificate ?? trustedCertificates(for: given.address)
            switch await SyncServerConnection.connect(
                address: given.address, user: given.user, password: given.password,
                folder: folderName.isEmpty ? nil : folderName, trust: trusted
            ) {
            case let .failure(error):
                connectProblem.text = localized("Could not connect: %s", SyncMessages.reason(error))
                connectProblem.isShown = true
                for row in fields(concernedBy: error, folderGiven: !folderName.isEmpty) { row.isMarkedInvalid = true }
                if case .certificate = error, certificate == nil,
                   let offered = await SyncServerConnection.offeredCertificate(address: given.address, user: given.user, password: given.password),
                   offered.onlyUnknownAuthority {
                    askToTrust(offered, of: given.address)
                }
            case let .success(found):
                let (folderURL, safety, fileSuffix) = (found.folderURL, found.safety, found.fileSuffix)
                let account = SyncAccount(
                    folderURL: folderURL, userName: given.user, trustedCertificates: trusted, writeSafety: safety.rawValue,
                    fileSuffix: fileSuffix)
                let kept = await SyncAccountSetup.keep(account, password: given.password, notesPath: controller.notesPath, controller: controller)
                if let problem = kept.problem { window.showPreferencesToast(Toast(problem, seconds: 10)) }
                guard kept.stored else { return }
                address.text = folderURL  // the folder's own address: the folder field has done its work
                folder.text = ""
                password.text = ""
                safetyWarning = SyncAccountSetup.warning(for: safety)
                server.groupDescription = ([localized("Connected to %s.", folderURL)] + [safetyWarning].compactMap { $0 })
                    .joined(separator: " ")
                controller.refreshStatus(account: account)
                syncNow()
            }
        }
    }

    /// The fields a failed connection points at, marked until they change:
    /// the user name and password the server refused; the folder it does not
    /// have or lets nobody write (the address, when no folder was given);
    /// else the address (one that offers no certificate too). A certificate
    /// not trusted is asked about instead.
    private func fields(concernedBy error: WebDAVError, folderGiven: Bool) -> [EntryRow] {
        switch error {
        case .unauthorized: [user, password]
        case .forbidden, .notFound: [folderGiven ? folder : address]
        case .certificate(.noCertificate): [address]  // no https:// there
        case .certificate: []
        default: [address]
        }
    }

    /// The certificates trusted for the account kept, if `address` is on its server.
    private func trustedCertificates(for address: String) -> String? {
        guard let current = try? NoteStore(path: controller.notesPath).syncAccount(),
              let server = SyncFolderAddress.server(of: address), server == SyncFolderAddress.server(of: current.folderURL)
        else { return nil }
        return current.trustedCertificates
    }

    /// A server whose certificate no known authority signed (a server of one's
    /// own): shows its fingerprint, to compare with the server's, and on
    /// "Trust and Connect" keeps it as trusted for the server and connects again.
    private func askToTrust(_ certificate: OfferedCertificate, of address: String) {
        ConfirmationDialog.ask(
            over: window, question: localized("Trust This Server’s Certificate?"),
            detail: localized("No authority this computer knows vouches for the certificate of %s, as is usual for a server of your own. Trust it only if its fingerprint is the one your server shows:\n\nSHA-256 %s",
                              SyncFolderAddress.server(of: address) ?? address, certificate.sha256Fingerprint),
            confirmLabel: localized("_Trust and Connect")
        ) { [weak self] in
            guard let self else { return }
            do {
                connect(trusting: try SyncServerConnection.trust(pem: Data(certificate.pem.utf8), notesPath: controller.notesPath))
            } catch {
                window.showPreferencesToast(Toast(localized("The certificate could not be kept: %s", "\(error)"), seconds: 10))
            }
        }
    }

    private func turnOff() {
        do {
            try NoteStore(path: controller.notesPath).setSyncAccount(nil)
        } catch {
            window.showPreferencesToast(Toast(localized("Sync could not be turned off: %s", "\(error)")))
            return
        }
        // Turn Off hides: the keyboard goes on to Connect, not to wherever GTK puts it.
        if offButton.hasFocus { _ = connectButton.grabFocus() }
        controller.refreshStatus(account: nil)
        window.showPreferencesToast(Toast(localized("Sync is off. The notes stay here, and on the server as they are.")))
    }
}
