/**
 * Export to Excel (SPEC §2 Businesses tab, §8 toasts): downloads GET /api/admin/export[?country=…]
 * under the server's file name. For the Businesses tab (admin branch) to place next to its filters.
 */
import { useState } from "react";
import { toast } from "~/lib/toast";

function fileNameOf(response: Response, country: string | null): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename="([^"]+)"/i.exec(header)?.[1];
  return plain ?? `businesses_${country || "all"}_${new Date().toISOString().slice(0, 10)}.xlsx`;
}

export function ExportButton({ country, className }: { country?: string | null; className?: string }) {
  const [exporting, setExporting] = useState(false);

  async function exportExcel() {
    setExporting(true);
    try {
      const query = country ? `?country=${encodeURIComponent(country)}` : "";
      const response = await fetch(`/api/admin/export${query}`, { credentials: "include" });
      if (response.status === 401) {
        toast({ title: "Authentication required", description: "Please log in to access the admin panel", variant: "destructive" });
        window.location.assign("/admin-login");
        return;
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message || "Failed to export Excel file");
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileNameOf(response, country ?? null);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: "Export successful", description: "Excel file has been downloaded" });
    } catch (error) {
      toast({
        title: "Export failed",
        description: error instanceof Error && error.message ? error.message : "Failed to export Excel file",
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void exportExcel()}
      disabled={exporting}
      className={className ?? "rounded-md bg-green-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60"}
    >
      {exporting ? "Exporting..." : "Export to Excel"}
    </button>
  );
}
