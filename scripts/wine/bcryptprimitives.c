/*
 * ProcessPrng for Wine 8.0 (Debian 12), which has no bcryptprimitives.dll.
 * Go 1.24 and newer get their random bytes from ProcessPrng, which every
 * Windows 10 and 11 has; without it a Go program stops at start under this
 * Wine ("bcryptprimitives.dll not found"). scripts/dist-test.sh builds this
 * with mingw-w64 and puts it beside the .exe files it runs under Wine, and
 * only there: the release files do not contain it.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom, advapi32 */

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
