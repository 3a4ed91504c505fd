import CheckoutEngine
import TerminalUI

/// The device panel: what the simulated device and plugin installation can do, changed while the checkout
/// runs. Each change creates the checkout again on the changed device.
enum DevicePanel {
  static let rows = [
    "canMakePayments()", "Wallet cards", "ApplePayModule", "/init fault", "Sheet presents", "Payment token",
    "Gateway profile", "Device check",
  ]

  /// A row's value as the panel shows it.
  static func value(of row: Int, in device: ApplePayDevice) -> String {
    switch row {
    case 0: return device.canMakePayments ? "true" : "false (PLUGIN_INCOMPATIBLE)"
    case 1: return device.walletHasCards ? "present" : "none for the networks (setUp button)"
    case 2: return device.module.rawValue
    case 3: return device.initFault?.rawValue ?? "none"
    case 4: return device.sheetFailsToPresent ? "no (entitlement, certificate or request unusable)" : "yes"
    case 5: return device.tokenUnreadable ? "cannot be read (failed after authorising)" : "readable"
    case 6: return device.gatewayProfile
    default:
      guard device.deviceCheckDelayMs > 0 else { return "lands at once" }
      return "lands after \(device.deviceCheckDelayMs) ms (hasUI false until then)"
    }
  }

  /// The device with a row's value moved to the next one.
  static func changing(_ row: Int, of device: ApplePayDevice) -> ApplePayDevice {
    var device = device
    switch row {
    case 0: device.canMakePayments.toggle()
    case 1: device.walletHasCards.toggle()
    case 2:
      let all = ApplePayDevice.Module.allCases
      device.module = all[((all.firstIndex(of: device.module) ?? 0) + 1) % all.count]
    case 3:
      let all: [ApplePayDevice.InitFault?] = [nil] + ApplePayDevice.InitFault.allCases
      device.initFault = all[((all.firstIndex(of: device.initFault) ?? 0) + 1) % all.count]
    case 4: device.sheetFailsToPresent.toggle()
    case 5: device.tokenUnreadable.toggle()
    case 6:
      let all = ApplePayDevice.gatewayProfiles
      device.gatewayProfile = all[((all.firstIndex(of: device.gatewayProfile) ?? 0) + 1) % all.count]
    default:
      device.deviceCheckDelayMs = device.deviceCheckDelayMs > 0 ? 0 : ApplePayDevice.slowDeviceCheckMs
    }
    return device
  }

  static func view(_ device: ApplePayDevice, highlighted: Int) -> SettingsPanelView {
    SettingsPanelView(
      title: "Device", rows: rows.indices.map { (rows[$0], value(of: $0, in: device)) },
      highlighted: highlighted,
      hint: "Enter changes a setting; the checkout is created again.")
  }
}
