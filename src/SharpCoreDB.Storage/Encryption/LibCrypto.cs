using System.Runtime.InteropServices;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>
/// The few functions of OpenSSL 3's <c>libcrypto.so.3</c> that <see cref="LibCryptoGcm"/> calls: the EVP cipher
/// interface, the same one <see cref="System.Security.Cryptography.AesGcm"/> reaches on Linux through .NET's native shim.
/// </summary>
/// <remarks>
/// Every argument is a pointer or an integer, so the calls marshal nothing. The functions are resolved on first use;
/// <see cref="LibCryptoGcm.IsAvailable"/> tries them once (and checks them against <see cref="System.Security.Cryptography.AesGcm"/>)
/// before anything relies on them.
/// </remarks>
internal static unsafe partial class LibCrypto
{
    /// <summary>The library's name: OpenSSL 3's stable soname.</summary>
    public const string LibraryName = "libcrypto.so.3";

    /// <summary>EVP_CTRL_AEAD_GET_TAG: copies the tag out after an encryption's final call.</summary>
    public const int ControlGetTag = 0x10;

    /// <summary>EVP_CTRL_AEAD_SET_TAG: gives the expected tag before a decryption's final call.</summary>
    public const int ControlSetTag = 0x11;

    /// <summary>Allocates a cipher context.</summary>
    /// <returns>The context, or zero.</returns>
    [LibraryImport(LibraryName, EntryPoint = "EVP_CIPHER_CTX_new")]
    public static partial nint CipherContextNew();

    /// <summary>Wipes and frees a cipher context.</summary>
    /// <param name="context">The context.</param>
    [LibraryImport(LibraryName, EntryPoint = "EVP_CIPHER_CTX_free")]
    public static partial void CipherContextFree(nint context);

    /// <summary>The AES-256-GCM cipher.</summary>
    /// <returns>A static cipher description.</returns>
    [LibraryImport(LibraryName, EntryPoint = "EVP_aes_256_gcm")]
    public static partial nint Aes256Gcm();

    /// <summary>Sets the cipher, key, nonce and direction; null arguments keep what the context has.</summary>
    /// <param name="context">The context.</param>
    /// <param name="cipher">The cipher, or zero.</param>
    /// <param name="engine">Zero.</param>
    /// <param name="key">The key, or null.</param>
    /// <param name="nonce">The nonce, or null.</param>
    /// <param name="encrypt">1 to encrypt, 0 to decrypt.</param>
    /// <returns>1 on success.</returns>
    [LibraryImport(LibraryName, EntryPoint = "EVP_CipherInit_ex")]
    public static partial int CipherInit(nint context, nint cipher, nint engine, byte* key, byte* nonce, int encrypt);

    /// <summary>Processes bytes; with a null output, the input is associated data.</summary>
    /// <param name="context">The context.</param>
    /// <param name="output">Receives as many bytes as the input (GCM streams), or null.</param>
    /// <param name="outputLength">Receives the bytes written.</param>
    /// <param name="input">The input.</param>
    /// <param name="inputLength">Its length.</param>
    /// <returns>1 on success.</returns>
    [LibraryImport(LibraryName, EntryPoint = "EVP_CipherUpdate")]
    public static partial int CipherUpdate(nint context, byte* output, int* outputLength, byte* input, int inputLength);

    /// <summary>Ends the message: computes the tag, or (decrypting) checks the one set with <see cref="ControlSetTag"/>.</summary>
    /// <param name="context">The context.</param>
    /// <param name="output">Unused by GCM (nothing is buffered), but must be writable.</param>
    /// <param name="outputLength">Receives 0.</param>
    /// <returns>1 on success; 0 when a decryption's tag does not match.</returns>
    [LibraryImport(LibraryName, EntryPoint = "EVP_CipherFinal_ex")]
    public static partial int CipherFinal(nint context, byte* output, int* outputLength);

    /// <summary>Gets or sets the tag.</summary>
    /// <param name="context">The context.</param>
    /// <param name="type"><see cref="ControlGetTag"/> or <see cref="ControlSetTag"/>.</param>
    /// <param name="argument">The tag length.</param>
    /// <param name="pointer">The tag.</param>
    /// <returns>1 on success.</returns>
    [LibraryImport(LibraryName, EntryPoint = "EVP_CIPHER_CTX_ctrl")]
    public static partial int CipherControl(nint context, int type, int argument, void* pointer);

    /// <summary>Empties the calling thread's OpenSSL error queue (only after a failed call: it costs as much as a page's decryption overhead).</summary>
    [LibraryImport(LibraryName, EntryPoint = "ERR_clear_error")]
    public static partial void ClearErrors();
}
