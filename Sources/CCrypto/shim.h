#ifndef PAYDRILL_CCRYPTO_SHIM_H
#define PAYDRILL_CCRYPTO_SHIM_H

#include <openssl/evp.h>
#include <openssl/hmac.h>

#endif
