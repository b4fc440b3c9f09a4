using Microsoft.Win32.SafeHandles;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>An OpenSSL cipher context (<c>EVP_CIPHER_CTX</c>), freed (and its key schedule wiped) on dispose or, if forgotten, by the finalizer.</summary>
internal sealed class LibCryptoContext : SafeHandleZeroOrMinusOneIsInvalid
{
    /// <summary>Takes ownership of a context.</summary>
    /// <param name="context">The context from <see cref="LibCrypto.CipherContextNew"/>.</param>
    public LibCryptoContext(nint context)
        : base(ownsHandle: true) => SetHandle(context);

    /// <inheritdoc />
    protected override bool ReleaseHandle()
    {
        LibCrypto.CipherContextFree(handle);
        return true;
    }
}
