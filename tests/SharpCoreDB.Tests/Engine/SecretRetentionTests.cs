using SharpCoreDB.Engine;

namespace SharpCoreDB.Tests.Engine;

/// <summary>An open database keeps no password or raw key, yet still tells a later connection's wrong one apart.</summary>
public sealed class SecretRetentionTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void The_open_database_keeps_no_secret_and_still_refuses_another_one(bool rawKey)
    {
        using var temp = new TempDatabase();
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        DatabaseOptions Options(string password, byte[] raw) => rawKey
            ? temp.Options() with { EncryptionKey = raw }
            : temp.Options() with { Password = password };

        Database database = Database.Acquire(Options("correct horse", key));
        try
        {
            Assert.Null(database.Options.Password);
            Assert.Null(database.Options.EncryptionKey);

            byte[] otherKey = (byte[])key.Clone();
            otherKey[0] ^= 1;
            var error = Assert.Throws<SharpCoreDBException>(() => Database.Acquire(Options("correct horsf", otherKey)));
            Assert.Equal(SharpCoreDBErrorCode.WrongPassword, error.ErrorCode);

            // Not a secret at all, for an encrypted file already open, is refused too.
            error = Assert.Throws<SharpCoreDBException>(() => Database.Acquire(temp.Options()));
            Assert.Equal(SharpCoreDBErrorCode.WrongPassword, error.ErrorCode);

            Database second = Database.Acquire(Options("correct horse", key));
            Assert.Same(database, second);
            second.Release();
        }
        finally
        {
            database.Release();
        }
    }
}
