using System.Diagnostics;
using SharpCoreDB.Storage.Devices;

namespace SharpCoreDB.Storage.Tests.Devices;

public sealed class FileStorageDeviceTests : StorageDeviceContractTests, IDisposable
{
    private readonly TempDirectory _directory = new();
    private int _files;

    public void Dispose() => _directory.Dispose();

    protected override IStorageDevice CreateDevice() =>
        FileStorageDevice.Open(_directory.File($"contract-{++_files}.scdb"));

    [Fact]
    public void Name_is_the_full_path_and_create_is_reported()
    {
        string path = _directory.File("a.scdb");
        using (FileStorageDevice created = FileStorageDevice.Open(path))
        {
            Assert.Equal(Path.GetFullPath(path), created.Name);
            Assert.True(created.WasCreated);
            Assert.False(created.IsReadOnly);
        }

        using FileStorageDevice reopened = FileStorageDevice.Open(path);
        Assert.False(reopened.WasCreated);
    }

    [Fact]
    public void Content_survives_close_and_reopen()
    {
        string path = _directory.File("persist.scdb");
        byte[] data = Pattern(10_000, 3);
        using (FileStorageDevice device = FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.CreateNew }))
        {
            device.Write(100, data);
            device.Flush();
        }

        using FileStorageDevice reopened = FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true });
        Assert.Equal(10_100, reopened.Length);
        byte[] back = new byte[data.Length];
        Assert.Equal(data.Length, reopened.Read(100, back));
        Assert.Equal(data, back);
    }

    [Fact]
    public void Missing_file_with_OpenExisting_throws_IoError_saying_it_does_not_exist()
    {
        string path = _directory.File("missing.scdb");
        var ex = Assert.Throws<SharpCoreDBException>(() =>
            FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting }));
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("does not exist", ex.Message, StringComparison.Ordinal);
        Assert.Contains(path, ex.Message, StringComparison.Ordinal);
        Assert.False(File.Exists(path));
    }

    [Fact]
    public void Missing_directory_throws_IoError_naming_the_path()
    {
        string path = Path.Combine(_directory.Path, "no-such-dir", "x.scdb");
        var ex = Assert.Throws<SharpCoreDBException>(() => FileStorageDevice.Open(path));
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains(path, ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void CreateNew_on_an_existing_file_throws_IoError_already_exists()
    {
        string path = _directory.File("exists.scdb");
        File.WriteAllBytes(path, [1, 2, 3]);
        var ex = Assert.Throws<SharpCoreDBException>(() =>
            FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.CreateNew }));
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("already exists", ex.Message, StringComparison.Ordinal);
        Assert.Equal(new byte[] { 1, 2, 3 }, File.ReadAllBytes(path));
    }

    [Fact]
    public void Read_only_open_that_could_create_is_misuse()
    {
        Assert.Throws<ArgumentException>(() =>
            FileStorageDevice.Open(_directory.File("ro.scdb"), new FileDeviceOptions { ReadOnly = true }));
    }

    [Fact]
    public void Read_only_device_refuses_writes_with_ReadOnly()
    {
        string path = _directory.File("ro.scdb");
        File.WriteAllBytes(path, [1, 2, 3]);
        using FileStorageDevice device = FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true });
        Assert.True(device.IsReadOnly);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => device.Write(0, [9])).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.ReadOnly, Assert.Throws<SharpCoreDBException>(() => device.SetLength(0)).ErrorCode);
        device.Flush();
        Assert.Equal(new byte[] { 1, 2, 3 }, File.ReadAllBytes(path));
    }

    [Fact]
    public void Second_read_write_open_in_the_same_process_throws_Locked()
    {
        string path = _directory.File("locked.scdb");
        using FileStorageDevice first = FileStorageDevice.Open(path);
        var ex = Assert.Throws<SharpCoreDBException>(() => FileStorageDevice.Open(path));
        Assert.Equal(SharpCoreDBErrorCode.Locked, ex.ErrorCode);
        Assert.True(ex.IsTransient);
        Assert.Contains("locked by another process", ex.Message, StringComparison.Ordinal);
        Assert.Contains(first.Name, ex.Message, StringComparison.Ordinal);

        var readOnly = Assert.Throws<SharpCoreDBException>(() =>
            FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true }));
        Assert.Equal(SharpCoreDBErrorCode.Locked, readOnly.ErrorCode);
    }

    [Fact]
    public void Lock_is_released_on_dispose()
    {
        string path = _directory.File("release.scdb");
        FileStorageDevice.Open(path).Dispose();
        using FileStorageDevice again = FileStorageDevice.Open(path);
        Assert.False(again.WasCreated);
    }

    [Fact]
    public void Read_only_opens_share_but_exclude_a_writer()
    {
        string path = _directory.File("shared.scdb");
        FileStorageDevice.Open(path).Dispose();
        var readOnly = new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true };
        using FileStorageDevice reader1 = FileStorageDevice.Open(path, readOnly);
        using FileStorageDevice reader2 = FileStorageDevice.Open(path, readOnly);
        var ex = Assert.Throws<SharpCoreDBException>(() => FileStorageDevice.Open(path));
        Assert.Equal(SharpCoreDBErrorCode.Locked, ex.ErrorCode);
    }

    [Fact]
    public void Non_exclusive_opens_do_not_lock()
    {
        string path = _directory.File("open.scdb");
        var shared = new FileDeviceOptions { Exclusive = false };
        using FileStorageDevice a = FileStorageDevice.Open(path, shared);
        using FileStorageDevice b = FileStorageDevice.Open(path, shared);
        a.Write(0, [7, 8]);
        Assert.Equal(2, b.Length);
    }

    [Fact]
    public void Another_process_cannot_lock_a_file_held_open()
    {
        if (!OperatingSystem.IsLinux() || !File.Exists("/usr/bin/flock"))
        {
            return;
        }

        string path = _directory.File("child.scdb");
        using (FileStorageDevice device = FileStorageDevice.Open(path))
        {
            Assert.Equal(1, RunFlock("-n", path, "true"));
            Assert.Equal(1, RunFlock("-n", "-s", path, "true"));
        }

        Assert.Equal(0, RunFlock("-n", path, "true"));

        using (FileStorageDevice reader = FileStorageDevice.Open(path, new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, ReadOnly = true }))
        {
            Assert.Equal(0, RunFlock("-n", "-s", path, "true"));
            Assert.Equal(1, RunFlock("-n", path, "true"));
        }
    }

    [Fact]
    public void Open_throws_Locked_while_another_process_holds_the_lock()
    {
        if (!OperatingSystem.IsLinux() || !File.Exists("/usr/bin/flock"))
        {
            return;
        }

        string path = _directory.File("held.scdb");
        File.WriteAllBytes(path, []);
        using var child = Process.Start(new ProcessStartInfo("/usr/bin/flock", ["-n", "-o", path, "-c", "echo held; exec sleep 60"])
        {
            RedirectStandardOutput = true,
            UseShellExecute = false,
        })!;
        try
        {
            // The child prints only once it holds the lock; -o keeps the lock in flock itself (not in the shell
            // it runs), so the lock is gone as soon as the flock process has exited.
            Assert.Equal("held", child.StandardOutput.ReadLine());
            var ex = Assert.Throws<SharpCoreDBException>(() => FileStorageDevice.Open(path));
            Assert.Equal(SharpCoreDBErrorCode.Locked, ex.ErrorCode);
            Assert.Contains("locked by another process", ex.Message, StringComparison.Ordinal);
        }
        finally
        {
            child.Kill(entireProcessTree: true);
            child.WaitForExit();
        }

        using FileStorageDevice device = FileStorageDevice.Open(path);
        Assert.False(device.WasCreated);
    }

    [Fact]
    public void Failed_flush_names_file_and_errno_and_every_later_write_or_flush_fails()
    {
        if (!OperatingSystem.IsLinux())
        {
            return;
        }

        const int EIO = 5;
        int syncCalls = 0;
        string path = _directory.File("eio.scdb");
        using FileStorageDevice device = FileStorageDevice.Open(path, null, _ =>
        {
            syncCalls++;
            return EIO;
        });
        device.Write(0, [1, 2, 3]);

        var ex = Assert.Throws<SharpCoreDBException>(() => device.Flush());
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains(device.Name, ex.Message, StringComparison.Ordinal);
        Assert.Contains("errno 5", ex.Message, StringComparison.Ordinal);

        // The kernel may have dropped the dirty pages: a retried flush must not be allowed to "succeed".
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => device.Flush()).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => device.Write(3, [4])).ErrorCode);
        Assert.Equal(SharpCoreDBErrorCode.DatabaseFailed, Assert.Throws<SharpCoreDBException>(() => device.SetLength(0)).ErrorCode);
        Assert.Equal(1, syncCalls);

        // Reads still work, so whatever is readable can be inspected.
        byte[] back = new byte[3];
        Assert.Equal(3, device.Read(0, back));
    }

    [Fact]
    public void Real_fdatasync_failure_from_the_OS_surfaces_as_IoError()
    {
        // fdatasync on a character device fails with EINVAL: a genuine errno from the kernel, not a simulated one.
        if (!OperatingSystem.IsLinux() || !File.Exists("/dev/full"))
        {
            return;
        }

        using FileStorageDevice device = FileStorageDevice.Open("/dev/full", new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, Exclusive = false });
        var ex = Assert.Throws<SharpCoreDBException>(() => device.Flush());
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("/dev/full", ex.Message, StringComparison.Ordinal);
        Assert.Contains("errno", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Write_failure_from_the_OS_surfaces_as_IoError_with_path_and_offset()
    {
        // Every write to /dev/full fails with ENOSPC.
        if (!OperatingSystem.IsLinux() || !File.Exists("/dev/full"))
        {
            return;
        }

        using FileStorageDevice device = FileStorageDevice.Open("/dev/full", new FileDeviceOptions { Mode = FileDeviceMode.OpenExisting, Exclusive = false });
        var ex = Assert.Throws<SharpCoreDBException>(() => device.Write(0, new byte[512]));
        Assert.Equal(SharpCoreDBErrorCode.IoError, ex.ErrorCode);
        Assert.Contains("/dev/full", ex.Message, StringComparison.Ordinal);
        Assert.Contains("offset 0", ex.Message, StringComparison.Ordinal);
        Assert.IsAssignableFrom<IOException>(ex.InnerException);
    }

    private static int RunFlock(params string[] arguments)
    {
        using var process = Process.Start(new ProcessStartInfo("/usr/bin/flock", arguments) { UseShellExecute = false })!;
        process.WaitForExit();
        return process.ExitCode;
    }
}
