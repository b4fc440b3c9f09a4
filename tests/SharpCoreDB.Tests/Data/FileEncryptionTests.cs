namespace SharpCoreDB.Tests.Data;

/// <summary>
/// <see cref="SharpCoreDBConnection.GetFileEncryption"/>: what a file's header says about the secret it needs, read
/// without opening it as a database.
/// </summary>
public sealed class FileEncryptionTests : IDisposable
{
    private const string RawKeyHex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    private readonly TempDatabase _file = new();

    public void Dispose() => _file.Dispose();

    [Theory]
    [InlineData("", SharpCoreDBFileEncryption.None)]
    [InlineData("Password=secret", SharpCoreDBFileEncryption.Password)]
    [InlineData("Encryption Key=" + RawKeyHex, SharpCoreDBFileEncryption.RawKey)]
    public void A_database_file_tells_which_secret_it_needs(string secret, SharpCoreDBFileEncryption expected)
    {
        // Not pooled: a pooled instance keeps the file open and locked, and the question is for a file before it opens.
        using (var connection = new SharpCoreDBConnection(_file.ConnectionString(secret + ";Pooling=False")))
        {
            connection.Open();
            using SharpCoreDBCommand command = connection.CreateCommand();
            command.CommandText = "CREATE TABLE t(x)";
            command.ExecuteNonQuery();
        }

        Assert.Equal(expected, SharpCoreDBConnection.GetFileEncryption(_file.Path));
    }

    [Fact]
    public void A_missing_short_or_foreign_file_is_not_a_database()
    {
        Assert.Equal(SharpCoreDBFileEncryption.NotADatabase, SharpCoreDBConnection.GetFileEncryption(_file.Path));

        File.WriteAllBytes(_file.Path, "SharpCoreDB fmt\0"u8.ToArray());
        Assert.Equal(SharpCoreDBFileEncryption.NotADatabase, SharpCoreDBConnection.GetFileEncryption(_file.Path));

        File.WriteAllText(_file.Path, "SQLite format 3\0 and then some more bytes of a foreign file");
        Assert.Equal(SharpCoreDBFileEncryption.NotADatabase, SharpCoreDBConnection.GetFileEncryption(_file.Path));

        Assert.Equal(SharpCoreDBFileEncryption.NotADatabase, SharpCoreDBConnection.GetFileEncryption(_file.Folder));
    }
}
