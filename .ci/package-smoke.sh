#!/usr/bin/env bash
# Packs SharpCoreDB as a user gets it, restores it into a fresh console app offline (only the local folder feed,
# a fresh package cache), and runs a query through it. Checks the package's metadata and content on the way.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

dotnet pack src/SharpCoreDB -c Release -o "$work/app/feed" --nologo -v q
version=$(dotnet msbuild src/SharpCoreDB -getProperty:PackageVersion -p:Configuration=Release)
package="$work/app/feed/SharpCoreDB.$version.nupkg"
test -f "$package" || { echo "package smoke: $package was not produced" >&2; exit 1; }
test -f "$work/app/feed/SharpCoreDB.$version.snupkg" || { echo "package smoke: no symbol package" >&2; exit 1; }

# One package carries the engine's three assemblies with their XML docs, the README and the license expression.
listing=$(unzip -l "$package")
for entry in lib/net10.0/SharpCoreDB.dll lib/net10.0/SharpCoreDB.Storage.dll lib/net10.0/SharpCoreDB.Wal.dll \
             lib/net10.0/SharpCoreDB.xml lib/net10.0/SharpCoreDB.Storage.xml lib/net10.0/SharpCoreDB.Wal.xml README.md; do
    grep -q " $entry\$" <<<"$listing" || { echo "package smoke: $entry missing from the package" >&2; exit 1; }
done
nuspec=$(unzip -p "$package" SharpCoreDB.nuspec)
for field in '<license type="expression">MIT</license>' '<readme>README.md</readme>' '<releaseNotes>' '<repository type="git"'; do
    grep -qF "$field" <<<"$nuspec" || { echo "package smoke: nuspec lacks $field" >&2; exit 1; }
done
if grep -q '<dependency id="SharpCoreDB' <<<"$nuspec"; then
    echo "package smoke: the package depends on a SharpCoreDB package nothing produces" >&2
    exit 1
fi

cp .ci/package-smoke/PackageSmoke.csproj .ci/package-smoke/Program.cs .ci/package-smoke/nuget.config "$work/app/"
NUGET_PACKAGES="$work/packages" dotnet run --project "$work/app/PackageSmoke.csproj" -c Release \
    -p:SharpCoreDBVersion="$version" -- "$work/data"
