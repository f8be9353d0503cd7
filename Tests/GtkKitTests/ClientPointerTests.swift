import CGtk
@testable import GtkKit
import Testing
import TestSupport

/// `Toolkit.rememberClientPointer` on X11: GDK looks up the display's default
/// seat again and again (each widget made, each window realized), and each
/// lookup asked the X server for the client pointer. Remembered, the X server
/// is asked once, and again only once it announces that the device hierarchy
/// changed (a pointer added), after which the same seat is found.
/// The test's own display: the pointer it adds touches no other test's.
@MainActor
@Suite("The client pointer, remembered between GDK's lookups", .serialized)
struct ClientPointerTests {
    init() throws { try TestToolkit.start() }

    @Test("the default seat is looked up without asking the X server again, until a pointer is added")
    func askedOnceUntilTheHierarchyChanges() throws {
        try OwnDisplay.run { desktop in
            let display = try #require(gdk_display_get_default())
            Toolkit.rememberClientPointer()
            let seat = try #require(gdk_display_get_default_seat(display), "GDK finds the default seat")
            let asked = Toolkit.clientPointerQuestions
            for _ in 0..<10 {
                #expect(gdk_display_get_default_seat(display) == seat)
            }
            #expect(Toolkit.clientPointerQuestions == asked, "ten lookups, and not one question to the X server")

            // A pointer of its own for a second person, as XInput's multi-pointer setups
            // make: the device hierarchy changes, and the X server tells GDK so.
            try xinput(["create-master", "Quire test"], on: desktop)
            defer { _ = try? xinput(["remove-master", "Quire test pointer"], on: desktop) }
            let askedAgain = MainLoop.iterate(forAtMost: 10) {
                _ = gdk_display_get_default_seat(display)
                return Toolkit.clientPointerQuestions > asked
            }
            #expect(askedAgain, "once the hierarchy changed, the next lookup asks the X server")
            #expect(gdk_display_get_default_seat(display) == seat, "the client pointer is still the first: the same seat")
            let settled = Toolkit.clientPointerQuestions
            #expect(gdk_display_get_default_seat(display) == seat)
            #expect(Toolkit.clientPointerQuestions == settled, "and is remembered again")
        }
    }

    /// Runs xinput on the test's display; throws if it fails.
    private func xinput(_ arguments: [String], on desktop: PrivateDesktop) throws {
        let result = try ChildProcess.run("xinput", arguments, environment: desktop.environment(), outputDirectory: desktop.directory.path)
        guard result.status == 0 else { throw DesktopError.commandFailed("xinput \(arguments.joined(separator: " "))", result.error) }
    }
}
