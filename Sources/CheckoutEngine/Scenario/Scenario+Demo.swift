import Foundation

extension Scenario {
  /// The built-in demo: "Acme Electronics Store", one pair of Wireless Headphones for $49.99, the seed's
  /// session response (Visa, Diners, Mastercard and American Express cards, PayPal and Apple Pay), and an Apple
  /// Pay sheet with a Wallet, shipping rates, tax, coupons (SAVE10, an expired SUMMER23, BIGSPENDER with a
  /// minimum) and a credit-card fee. `Scenarios/acme-electronics.json` holds the same text; a test keeps the
  /// two equal.
  public static let acmeElectronics: Scenario = {
    do {
      return try JSONDecoder().decode(Scenario.self, from: Data(acmeElectronicsJSON.utf8))
    } catch {
      preconditionFailure("the built-in scenario does not decode: \(error)")
    }
  }()

  static let acmeElectronicsJSON = #"""
    {
      "name": "acme-electronics",
      "merchant": {
        "name": "Acme Electronics Store"
      },
      "locale": "en-US",
      "transaction": {
        "currency": "USD",
        "entryType": "ecom",
        "intent": {
          "card": "Authorisation",
          "paypal": "Authorisation"
        },
        "merchantTransactionId": "0ce72cfd-014d-4256-a006-a56601b2ffc4",
        "merchantShopperId": "shopper-123"
      },
      "items": [
        {
          "name": "Wireless Headphones",
          "quantity": 1,
          "unitPrice": "49.99"
        }
      ],
      "session": {
        "sessionId": "c5f0799b-0839-43ce-abc5-5b462a98f250",
        "hmacKey": "904bc42395d4af634e2fd48ee8c2c7f52955a1da97a3aa3d82957ff12980a7bb",
        "encryptionKey": "20d175a669ad3f8c195c9c283fc86155",
        "sessionExpiry": "2025-05-19T13:39:20.3843454Z",
        "allowedFundingTypes": {
          "cardSchemes": [
            "Visa",
            "Diners",
            "Mastercard",
            "AmericanExpress"
          ],
          "cards": [],
          "wallets": {
            "paypal": {
              "allowedFundingOptions": [
                "paylater",
                "paypal"
              ],
              "merchantId": "paypal-merchant-123"
            },
            "applePay": {
              "merchantId": "merchant.com.example.store",
              "merchantName": "Your Store Name"
            }
          }
        }
      },
      "onBeforeSubmit": {
        "allow": true
      },
      "applePay": {
        "merchantDisplayName": "Acme Electronics Store",
        "paymentDescription": "Wireless Headphones",
        "currencyCode": "USD",
        "countryCode": "US",
        "supportedNetworks": [
          "visa",
          "masterCard",
          "amex",
          "discover"
        ],
        "merchantCapabilities": [
          "threeDSecure",
          "emv",
          "credit",
          "debit"
        ],
        "paymentItems": [
          {
            "label": "Wireless Headphones",
            "amount": "49.99",
            "type": "final"
          }
        ],
        "totalPaymentItem": {
          "label": "Total",
          "amount": "49.99",
          "type": "final"
        },
        "requiredBillingContactFields": [
          "postalAddress",
          "name"
        ],
        "requiredShippingContactFields": [
          "postalAddress",
          "name",
          "phoneNumber"
        ],
        "shippingMethods": [
          {
            "identifier": "standard",
            "label": "Standard Shipping",
            "detail": "5-7 business days",
            "amount": "0.00"
          },
          {
            "identifier": "express",
            "label": "Express Shipping",
            "detail": "2-3 business days",
            "amount": "12.99"
          }
        ],
        "shippingType": "shipping",
        "wallet": {
          "cards": [
            {
              "network": "visa",
              "type": "debit",
              "number": "4000056655665556"
            },
            {
              "network": "visa",
              "type": "credit",
              "number": "4242424242424242"
            },
            {
              "network": "amex",
              "type": "credit",
              "number": "378282246310005"
            },
            {
              "network": "masterCard",
              "type": "prepaid",
              "number": "5555555555554444"
            },
            {
              "network": "visa",
              "type": "credit",
              "number": "4000000000000002"
            },
            {
              "network": "jcb",
              "type": "credit",
              "number": "3566002020360505"
            }
          ],
          "contacts": [
            {
              "name": "Jane Appleseed",
              "postalAddress": {
                "street": "1 Infinite Loop",
                "city": "Cupertino",
                "state": "CA",
                "postalCode": "95014-2083",
                "country": "United States",
                "isoCountryCode": "US"
              },
              "phoneNumber": "+1 408 555 0100",
              "emailAddress": "jane@example.com"
            },
            {
              "name": "Alex Doe",
              "postalAddress": {
                "street": "350 Fifth Avenue",
                "city": "New York",
                "state": "NY",
                "postalCode": "10118",
                "country": "United States",
                "isoCountryCode": "US"
              },
              "phoneNumber": "+1 212 555 0123",
              "emailAddress": "alex@example.com"
            },
            {
              "name": "John Smith",
              "postalAddress": {
                "street": "221B Baker Street",
                "city": "London",
                "state": "",
                "postalCode": "NW1 6XE",
                "country": "United Kingdom",
                "isoCountryCode": "GB"
              },
              "phoneNumber": "+44 20 7946 0000",
              "emailAddress": "john@example.co.uk"
            },
            {
              "name": "Pat Mailbox",
              "postalAddress": {
                "street": "PO Box 1234",
                "city": "Austin",
                "state": "TX",
                "postalCode": "78701",
                "country": "United States",
                "isoCountryCode": "US"
              },
              "phoneNumber": "+1 512 555 0199"
            },
            {
              "name": "Sigrún Jónsdóttir",
              "postalAddress": {
                "street": "Laugavegur 1",
                "city": "Reykjavík",
                "state": "",
                "postalCode": "101",
                "country": "Iceland",
                "isoCountryCode": "IS"
              },
              "phoneNumber": "+354 555 0100"
            },
            {
              "name": "Sam Nophone",
              "postalAddress": {
                "street": "500 Oak Street",
                "city": "Portland",
                "state": "OR",
                "postalCode": "97204",
                "country": "United States",
                "isoCountryCode": "US"
              }
            }
          ]
        },
        "rules": {
          "shippingRates": [
            {
              "countries": [
                "US"
              ],
              "methods": [
                {
                  "identifier": "standard",
                  "label": "Standard Shipping",
                  "detail": "5-7 business days",
                  "amount": "0.00"
                },
                {
                  "identifier": "express",
                  "label": "Express Shipping",
                  "detail": "2-3 business days",
                  "amount": "12.99"
                }
              ]
            },
            {
              "countries": [
                "GB",
                "CA"
              ],
              "methods": [
                {
                  "identifier": "international",
                  "label": "International",
                  "detail": "7-10 business days",
                  "amount": "19.99"
                }
              ]
            },
            {
              "countries": [],
              "unserviceable": true,
              "methods": []
            }
          ],
          "refusePOBoxes": true,
          "taxRates": [
            {
              "countries": [
                "US"
              ],
              "regions": [
                "CA"
              ],
              "basisPoints": 825
            },
            {
              "countries": [
                "US"
              ],
              "basisPoints": 600
            },
            {
              "countries": [
                "GB"
              ],
              "basisPoints": 2000
            }
          ],
          "coupons": [
            {
              "code": "SAVE10",
              "percentOffBasisPoints": 1000
            },
            {
              "code": "SUMMER23",
              "percentOffBasisPoints": 1500,
              "expired": true
            },
            {
              "code": "BIGSPENDER",
              "amountOff": "20.00",
              "minimumPurchase": "100.00"
            }
          ],
          "creditCardFee": "2.99",
          "networkRewards": {
            "amex": "1.00"
          },
          "preAuthorisation": {
            "addressVerification": {
              "countryCode": "US",
              "houseNumberOrName": "1 Infinite Loop",
              "postalCode": "95014"
            },
            "identityVerification": {
              "nameVerification": true
            },
            "riskScreeningData": {
              "performRiskScreening": true,
              "deviceSessionId": "device_demo_0001"
            }
          }
        }
      }
    }
    """#
}
