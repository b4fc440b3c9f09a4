using SharpCoreDB.Storage.Encryption;

namespace SharpCoreDB.Storage.Tests.Encryption;

public sealed class KeyDerivationTests
{
    [Fact]
    public void Master_key_matches_the_published_PBKDF2_HMAC_SHA256_vector()
    {
        // RFC 7914 section 11: PBKDF2-HMAC-SHA256("passwd", "salt", c = 1); the first 32 bytes.
        byte[] master = new byte[32];
        KeyDerivation.DeriveMasterKey("passwd", "salt"u8, 1, master);
        Assert.Equal(Convert.FromHexString("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"), master);
    }

    [Fact]
    public void Key_check_depends_on_key_and_database_id_and_differs_from_page_key()
    {
        byte[] keyA = Enumerable.Repeat((byte)1, 32).ToArray();
        byte[] keyB = Enumerable.Repeat((byte)2, 32).ToArray();
        byte[] id1 = Enumerable.Repeat((byte)9, 16).ToArray();
        byte[] id2 = Enumerable.Repeat((byte)8, 16).ToArray();

        byte[] a1 = Check(keyA, id1);
        Assert.Equal(a1, Check(keyA, id1));
        Assert.NotEqual(a1, Check(keyB, id1));
        Assert.NotEqual(a1, Check(keyA, id2));

        byte[] pageKey = new byte[32];
        KeyDerivation.DerivePageKey(keyA, id1, pageKey);
        Assert.NotEqual(pageKey, a1);
        Assert.NotEqual(pageKey, keyA);
        Assert.True(KeyDerivation.KeyCheckMatches(a1, Check(keyA, id1)));
        Assert.False(KeyDerivation.KeyCheckMatches(a1, Check(keyB, id1)));
    }

    [Fact]
    public void Page_and_authentication_keys_differ_per_database_for_one_raw_key()
    {
        // A raw key used for two databases must not give them one page key: a page (or a nonce) of one would
        // otherwise verify in the other.
        byte[] key = Enumerable.Repeat((byte)7, 32).ToArray();
        byte[] id1 = Enumerable.Repeat((byte)1, 16).ToArray();
        byte[] id2 = Enumerable.Repeat((byte)2, 16).ToArray();
        byte[] page1 = Derive(KeyDerivation.DerivePageKey, key, id1);
        byte[] page2 = Derive(KeyDerivation.DerivePageKey, key, id2);
        byte[] auth1 = Derive(KeyDerivation.DeriveAuthenticationKey, key, id1);
        Assert.NotEqual(page1, page2);
        Assert.NotEqual(page1, auth1);
        Assert.NotEqual(auth1, Derive(KeyDerivation.DeriveAuthenticationKey, key, id2));
        Assert.Equal(page1, Derive(KeyDerivation.DerivePageKey, key, id1));
    }

    [Fact]
    public void Iterations_and_salt_change_the_master_key()
    {
        byte[] one = new byte[32];
        byte[] two = new byte[32];
        byte[] otherSalt = new byte[32];
        KeyDerivation.DeriveMasterKey("secret", new byte[32], 10, one);
        KeyDerivation.DeriveMasterKey("secret", new byte[32], 11, two);
        KeyDerivation.DeriveMasterKey("secret", Enumerable.Repeat((byte)1, 32).ToArray(), 10, otherSalt);
        Assert.NotEqual(one, two);
        Assert.NotEqual(one, otherSalt);
    }

    private delegate void Derivation(ReadOnlySpan<byte> master, ReadOnlySpan<byte> id, Span<byte> output);

    private static byte[] Derive(Derivation derive, byte[] key, byte[] id)
    {
        byte[] output = new byte[32];
        derive(key, id, output);
        return output;
    }

    private static byte[] Check(byte[] key, byte[] id)
    {
        byte[] check = new byte[32];
        KeyDerivation.ComputeKeyCheck(key, id, check);
        return check;
    }
}
